/**
 * Preview mode, as the page that the Studio's Presentation tool opens finds it: the
 * credential its first script was given by `/api/preview/enable`
 * (netlify/functions/_shared/preview/document.ts). A public page has none.
 */
export interface PreviewSession {
  credential: string
  /** The Studio that opened the preview: where a click on a text leads. */
  studioOrigin: string
  expiresAt: string
}

declare global {
  interface Window {
    __sitePreview?: PreviewSession
  }
}

export function previewSession(): PreviewSession | undefined {
  return typeof window === 'undefined' ? undefined : window.__sitePreview
}

/** The routes whose data preview mode reads from drafts (netlify/functions/preview-data.mts). */
export type PreviewRoute = 'root' | 'home' | 'contentPage'
