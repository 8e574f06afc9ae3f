import {useLoaderData, type ClientLoaderFunctionArgs, type LoaderFunctionArgs, type MetaFunction} from 'react-router'
import type {SiteSectionHandle} from '~/components/layout/SiteLayout.tsx'
import {TextBlock} from '~/components/page/TextBlock.tsx'
import {loadPressPost} from '~/lib/site-data.ts'
import {routeHead} from '~/lib/seo/route-head.ts'
import {sitePressPath, sitePressPostPath} from '~/lib/site-paths.ts'

/** /:site/press/:id: one press post (the full page comes with the press feature). */
export const handle: SiteSectionHandle = {siteSection: true}

export async function loader({params}: LoaderFunctionArgs) {
  return loadPressPost(params.site, params.id)
}

// Posts published after the build have no generated page: the browser reads them live.
export async function clientLoader({params}: ClientLoaderFunctionArgs) {
  return loadPressPost(params.site, params.id)
}

export const meta: MetaFunction<typeof loader> = ({loaderData, matches}) =>
  loaderData
    ? routeHead(matches, {
        path: sitePressPostPath(loaderData.site.slug ?? '', loaderData.post._id),
        title: loaderData.post.title,
        description: loaderData.post.summary,
        image: loaderData.site.image,
        seo: loaderData.post.seo,
        type: 'article',
        breadcrumb: [
          {name: '홈', path: '/'},
          {name: '보도자료', path: sitePressPath(loaderData.site.slug ?? '')},
          {name: loaderData.post.title ?? '', path: sitePressPostPath(loaderData.site.slug ?? '', loaderData.post._id)},
        ],
      })
    : []

const dateFormat = new Intl.DateTimeFormat('ko-KR', {dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Seoul'})

export default function SitePressPost() {
  const {site, post} = useLoaderData<typeof loader>()
  return (
    <article className="site-page press-post">
      <p className="site-name">{site.name}</p>
      <h1>{post.title}</h1>
      {post.date ? <time dateTime={post.date}>{dateFormat.format(new Date(post.date))}</time> : null}
      <TextBlock text={post.summary} className="press-summary" />
    </article>
  )
}
