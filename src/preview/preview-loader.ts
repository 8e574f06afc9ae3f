import type {ClientLoaderFunctionArgs} from 'react-router'
import {previewSession, type PreviewRoute} from './preview-session.ts'

/**
 * A route's `clientLoader`: on a public page it hands over to the data the build
 * generated, as if there were none; in preview mode it reads the same loader's result
 * over drafts from `/api/preview/data`, with each text marked for click-to-edit. Every
 * page carries it, so it stays this small.
 */
export function previewLoader<Load extends (...args: never[]) => Promise<unknown>>(
  route: PreviewRoute,
) {
  return async ({
    request,
    params,
    serverLoader,
  }: ClientLoaderFunctionArgs): Promise<Awaited<ReturnType<Load>>> => {
    const session = previewSession()
    if (!session) return (await serverLoader()) as Awaited<ReturnType<Load>>
    const {pathname, search} = new URL(request.url)
    const answer = await fetch('/api/preview/data', {
      method: 'POST',
      headers: {Authorization: `Bearer ${session.credential}`, 'Content-Type': 'application/json'},
      body: JSON.stringify({route, path: pathname + search, params}),
    })
    // A thrown answer is how a loader says "not found" (the 404 page) or fails (the error page).
    if (!answer.ok) throw answer
    return (await answer.json()) as Awaited<ReturnType<Load>>
  }
}
