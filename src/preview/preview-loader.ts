import {data, type ClientLoaderFunctionArgs} from 'react-router'
import {PREVIEW_DATA_PATH, previewSession, type PreviewRoute} from './preview-session.ts'

/**
 * A route's `clientLoader`: on a public page it hands over to the data the build
 * generated, as if there were none; in preview mode it reads the same loader's result
 * over drafts from `/api/preview/data`, with each text marked for click-to-edit.
 */
export function previewLoader<Load extends (...args: never[]) => Promise<unknown>>(route: PreviewRoute) {
  return async ({request, params, serverLoader}: ClientLoaderFunctionArgs): Promise<Awaited<ReturnType<Load>>> => {
    const session = previewSession()
    if (!session) return (await serverLoader()) as Awaited<ReturnType<Load>>
    const url = new URL(request.url)
    const answer = await fetch(PREVIEW_DATA_PATH, {
      method: 'POST',
      headers: {Authorization: `Bearer ${session.credential}`, 'Content-Type': 'application/json'},
      body: JSON.stringify({route, path: `${url.pathname}${url.search}`, params}),
    })
    if (answer.status === 404) throw data(null, {status: 404, statusText: 'Not Found'})
    if (!answer.ok) throw new Error(`미리보기 내용을 읽지 못했습니다 (HTTP ${answer.status})`)
    return (await answer.json()) as Awaited<ReturnType<Load>>
  }
}
