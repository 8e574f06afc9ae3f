import type {Config} from '@netlify/functions'
import type {SanityClient} from '@sanity/client'
import {isRouteErrorResponse} from 'react-router'
import {loadHomePage} from '#src/lib/home-data.ts'
import {loadRootData} from '#src/lib/layout-data.ts'
import {loadContentPageData} from '#src/lib/content-pages/page-extras.ts'
import {siteClient} from '#src/lib/sanity.ts'
import type {PreviewRoute} from '#src/preview/preview-session.ts'
import {asRecord, fail, json, methodNotAllowed, readJsonBody} from './_shared/http.ts'
import {verifyPreviewCredential} from './_shared/preview/credential.ts'
import {readConfig} from '#config/settings.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

/** The loaders of the routes preview mode covers: the very functions their `loader` calls. */
const LOADERS: Record<PreviewRoute, (lake: SanityClient, request: Request) => Promise<unknown>> = {
  root: (lake) => loadRootData(lake),
  home: (lake) => loadHomePage(lake),
  contentPage: (lake, request) => loadContentPageData(lake, request),
}

// Addresses, keys and codes stay as they are: marks in them would break links and lookups.
const NOT_TEXT =
  /(^|\.)(path|href|url|slug|current|phone|email|videoId|youtubeId|key|code|siteId)$/i

/**
 * `POST /api/preview/data` `{route, path}`: a route's data for preview mode, read by the
 * site's own loader over drafts, its texts stega-encoded with the field they come from
 * (the Content Lake's source map) so that the Studio's overlay can open it. Only the
 * holder of a preview credential gets an answer; the Content Lake token stays here.
 */
export default throughEdgeOnly(async (req: Request): Promise<Response> => {
  if (req.method !== 'POST') return methodNotAllowed(['POST'])
  const credential = /^Bearer\s+(.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1] ?? ''
  const studioOrigin = credential ? await verifyPreviewCredential(credential) : null
  if (!studioOrigin)
    return fail(401, '미리보기 권한이 없거나 만료되었습니다. 스튜디오의 미리보기에서 다시 여세요.')
  const body = await readJsonBody(req, 16 * 1024)
  if (!body.ok) return body.response
  const request = asRecord(body.value)
  const route = request?.route
  const path = request?.path
  if (
    typeof route !== 'string' ||
    !Object.hasOwn(LOADERS, route) ||
    typeof path !== 'string' ||
    !path.startsWith('/') ||
    path.startsWith('//')
  ) {
    return fail(400, '미리보기 요청이 올바르지 않습니다.')
  }

  const config = readConfig()
  // The site's client over drafts, with the token, marking texts; the site's own is untouched.
  const lake = siteClient.withConfig({
    token: config.writeToken,
    perspective: 'drafts',
    stega: {
      enabled: true,
      studioUrl: studioOrigin,
      filter: (props) => !NOT_TEXT.test(props.sourcePath.join('.')) && props.filterDefault(props),
    },
  })
  try {
    const data = await LOADERS[route as PreviewRoute](
      lake,
      new Request(new URL(path, config.siteUrl)),
    )
    return json(data)
  } catch (error) {
    if (
      isRouteErrorResponse(error) ||
      (asRecord(error)?.init && asRecord(asRecord(error)?.init)?.status === 404)
    )
      return fail(404, '페이지를 찾을 수 없습니다.')
    console.error(`preview-data: ${route} ${path}: ${(error as Error).message}`)
    return fail(503, '미리보기 내용을 읽지 못했습니다. 잠시 후 다시 시도해 주세요.')
  }
})

export const config: Config = {path: '/api/preview/data'}
