import {AdminPanel} from '#src/components/press/AdminPanel.tsx'
import {PressTable} from '#src/components/press/PressTable.tsx'
import {usePressList} from '#src/components/press/usePressList.ts'
import {usePressViewCounts} from '#src/components/press/usePressViews.ts'
import type {SiteSectionHandle} from '#src/lib/site-brand.ts'
import {notFound} from '#src/lib/content-pages/page-data.ts'
import {fetchPressListStart} from '#src/lib/press/list.ts'
import {siteClient} from '#src/lib/sanity.ts'
import {routeHead} from '#src/lib/seo/route-head.ts'
import {sitePressPath} from '../lib/page-paths.ts'
import '#src/styles/press.css'
import type {Route} from './+types/site-press'

/**
 * /:site/press: the site's press list, with the administrator's sign-in and write form below it.
 */
export const handle: SiteSectionHandle = {siteSection: true}

// Built into the page at build time; the browser reads the first page again on load.
export async function loader({params}: Route.LoaderArgs) {
  const start = params.site ? await fetchPressListStart(siteClient, params.site) : null
  if (!start) notFound()
  return start
}

export const meta: Route.MetaFunction = ({loaderData, matches}) =>
  loaderData
    ? routeHead(matches, {
        path: sitePressPath(loaderData.site.slug ?? ''),
        title: '보도자료',
        description: pressIntro(loaderData.site.name),
        image: loaderData.site.image,
      })
    : []

const pressIntro = (siteName: string | null | undefined) =>
  `${siteName ?? ''}의 보도자료와 새 소식을 전해 드립니다.`

export default function SitePress({loaderData: start}: Route.ComponentProps) {
  const list = usePressList(start)
  const views = usePressViewCounts(list.items.map((item) => item._id))
  const siteSlug = start.site.slug ?? ''
  return (
    <section className="site-page press-page">
      <p className="site-name">{start.site.name}</p>
      <h1>보도자료</h1>
      <p className="press-intro">{pressIntro(start.site.name)}</p>
      <PressTable siteSlug={siteSlug} siteName={start.site.name ?? ''} list={list} views={views} />
      <AdminPanel siteSlug={siteSlug} onPublished={list.reload} />
    </section>
  )
}
