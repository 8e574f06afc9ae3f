import {useRouteLoaderData} from 'react-router'
import {LAYOUT_QUERY} from './queries.ts'
import {loadConsentNotice} from './registration/consent.ts'
import {siteClient} from './sanity.ts'

/** Site settings and menus: the root route's data, shared by every page. */
export async function loadLayout() {
  const layout = await siteClient.fetch(LAYOUT_QUERY)
  if (!layout.settings || !layout.navigation) {
    throw new Error('siteSettings와 navigation 문서가 콘텐츠에 없습니다: 사이트를 만들 수 없습니다.')
  }
  return {settings: layout.settings, navigation: layout.navigation}
}

export type LayoutData = Awaited<ReturnType<typeof loadLayout>>

/** The root route's data: the layout, and the consent notice the popup can show on any page. */
export async function loadRootData() {
  const [layout, consent] = await Promise.all([loadLayout(), loadConsentNotice()])
  return {...layout, consent}
}

/** The layout data from any component under the root route. */
export function useLayoutData(): LayoutData {
  const data = useRouteLoaderData('root') as LayoutData | undefined
  if (!data) throw new Error('useLayoutData() outside the root route')
  return data
}
