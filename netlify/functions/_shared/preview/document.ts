import {createHash} from 'node:crypto'

/**
 * What preview mode's page script finds in `window.__sitePreview` (src/preview/preview-session.ts).
 */
export interface PreviewBootstrap {
  credential: string
  studioOrigin: string
  expiresAt: string
}

const META_POLICY = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/

/**
 * A generated page turned into its preview: a first script hands preview mode its
 * credential and puts the page's own address in the address bar (the document was asked
 * for at the preview-mode address), and the page's policy is the one it was built with,
 * plus that script's hash and the Studio as the one page that may frame it. The policy
 * leaves the page (its meta copy cannot name frame ancestors) for the answer's header.
 */
export function previewDocument(
  html: string,
  bootstrap: PreviewBootstrap,
  path: string,
): {html: string; policy: string} | null {
  const built = META_POLICY.exec(html)?.[1]
  if (!built) return null
  // As JSON inside a script: `<` escaped, so no value can close the element.
  const data = JSON.stringify(bootstrap).replace(/</g, '\\u003c')
  const script =
    `window.__sitePreview=${data};history.replaceState(history.state,"",` +
    `${JSON.stringify(path).replace(/</g, '\\u003c')})`
  const hash = `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`
  const directives = built
    .replaceAll('&#39;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&')
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && !directive.startsWith('frame-ancestors'))
    .map((directive) => (directive.startsWith('script-src ') ? `${directive} ${hash}` : directive))
  const policy = [...directives, `frame-ancestors ${bootstrap.studioOrigin}`].join('; ')
  const page = html.replace(META_POLICY, '').replace(/<head>/i, `<head><script>${script}</script>`)
  return {html: page, policy}
}

/** Only a path of this site: never another origin (`//host`) or a scheme. */
export function previewPath(redirectTo: string | undefined): string {
  return redirectTo &&
    redirectTo.startsWith('/') &&
    !redirectTo.startsWith('//') &&
    !redirectTo.startsWith('/\\')
    ? redirectTo
    : '/'
}
