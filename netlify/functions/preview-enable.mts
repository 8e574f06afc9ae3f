import type {Config} from '@netlify/functions'
import {validatePreviewUrl} from '@sanity/preview-url-secret'
import {methodNotAllowed, SECURITY_HEADERS} from './_shared/http.ts'
import {signPreviewCredential} from './_shared/preview/credential.ts'
import {previewDocument, previewPath} from './_shared/preview/document.ts'
import {serverClient} from './_shared/sanity.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

// What the site serves for an address it did not generate: React Router renders it in the browser.
const SPA_FALLBACK = '/__spa-fallback.html'

/**
 * `GET /api/preview/enable`: where the Studio's Presentation tool opens the site. A
 * preview-URL secret the Studio just stored in the dataset is exchanged for a short-lived
 * preview credential; the answer is the page asked for, in preview mode (see
 * _shared/preview/document.ts), framed by that Studio only. Nothing is remembered: every
 * preview document carries its own credential, and every other page stays public.
 */
export default throughEdgeOnly(async (req: Request): Promise<Response> => {
  if (req.method !== 'GET') return methodNotAllowed(['GET'])
  let validation: Awaited<ReturnType<typeof validatePreviewUrl>>
  try {
    validation = await validatePreviewUrl(serverClient(), req.url)
  } catch (error) {
    console.error(
      `preview-enable: the preview secret could not be checked: ${(error as Error).message}`,
    )
    return notice(503, '미리보기를 확인하지 못했습니다. 잠시 후 다시 시도해 주세요.')
  }
  if (!validation.isValid || !validation.studioOrigin) {
    return notice(
      401,
      '미리보기 링크가 올바르지 않거나 만료되었습니다. 스튜디오의 미리보기에서 다시 여세요.',
    )
  }
  const path = previewPath(validation.redirectTo)
  const page = await generatedPage(new URL(req.url).origin, path)
  if (!page) return notice(503, '미리보기할 페이지를 읽지 못했습니다. 잠시 후 다시 시도해 주세요.')
  const {credential, expiresAt} = await signPreviewCredential(validation.studioOrigin)
  const preview = previewDocument(
    page,
    {credential, studioOrigin: validation.studioOrigin, expiresAt: expiresAt.toISOString()},
    path,
  )
  if (!preview)
    return notice(503, '미리보기할 페이지를 읽지 못했습니다. 잠시 후 다시 시도해 주세요.')
  const headers = new Headers(SECURITY_HEADERS)
  headers.delete('X-Frame-Options')
  headers.set('Content-Security-Policy', preview.policy)
  headers.set('Content-Type', 'text/html; charset=utf-8')
  // The address holds the secret: no page it leads to learns it.
  headers.set('Referrer-Policy', 'no-referrer')
  return new Response(preview.html, {status: 200, headers})
})

/** The generated page of `path`, or the SPA fallback for an address generated after the build. */
async function generatedPage(origin: string, path: string): Promise<string | null> {
  for (const address of [path.replace(/[?#].*$/, ''), SPA_FALLBACK]) {
    const answer = await fetch(new URL(address, origin), {
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    }).catch(() => null)
    if (answer?.status === 200 && answer.headers.get('content-type')?.startsWith('text/html'))
      return answer.text()
    await answer?.body?.cancel()
  }
  return null
}

function notice(status: number, message: string): Response {
  const html =
    '<!doctype html><html lang="ko"><meta charset="utf-8"><title>미리보기</title><p ' +
    `style="word-break:keep-all;font-family:sans-serif;padding:2rem">${message}</p></html>`
  const headers = new Headers(SECURITY_HEADERS)
  headers.set('Content-Type', 'text/html; charset=utf-8')
  headers.set('Referrer-Policy', 'no-referrer')
  return new Response(html, {status, headers})
}

export const config: Config = {path: '/api/preview/enable'}
