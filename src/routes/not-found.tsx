import {NotFoundView} from '#src/components/layout/NotFoundView.tsx'
import {routeHead} from '#src/lib/seo/route-head.ts'
import type {Route} from './+types/not-found'

/**
 * Every unknown address. Built once as build/client/404.html, which the server answers with status
 * 404.
 */
export const meta: Route.MetaFunction = ({matches, location}) =>
  routeHead(matches, {
    path: location.pathname,
    title: 'Not Found',
    description: '요청하신 페이지를 찾을 수 없습니다.',
    noindex: true,
  })

export default function NotFound() {
  return <NotFoundView />
}
