import {useLoaderData, type LoaderFunctionArgs, type MetaFunction} from 'react-router'
import type {SiteSectionHandle} from '~/components/layout/SiteLayout.tsx'
import {loadSite} from '~/lib/site-data.ts'
import {routeHead} from '~/lib/seo/route-head.ts'
import {sitePressPath} from '~/lib/site-paths.ts'

/** /:site/press: the site's press list (the list itself comes with the press feature). */
export const handle: SiteSectionHandle = {siteSection: true}

export async function loader({params}: LoaderFunctionArgs) {
  return {site: await loadSite(params.site)}
}

export const meta: MetaFunction<typeof loader> = ({loaderData, matches}) =>
  loaderData
    ? routeHead(matches, {
        path: sitePressPath(loaderData.site.slug ?? ''),
        title: `보도자료 - ${loaderData.site.name}`,
        description: pressIntro(loaderData.site.name),
        image: loaderData.site.image,
      })
    : []

const pressIntro = (siteName: string | null | undefined) => `${siteName ?? ''}의 보도자료와 새 소식을 전해 드립니다.`

export default function SitePress() {
  const {site} = useLoaderData<typeof loader>()
  return (
    <section className="site-page press-page">
      <p className="site-name">{site.name}</p>
      <h1>보도자료</h1>
      <p>{pressIntro(site.name)}</p>
    </section>
  )
}
