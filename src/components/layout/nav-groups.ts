import type {LayoutData} from '#src/lib/layout-data.ts'
import {siteHref} from '#src/lib/page-paths.ts'

export interface NavLinkItem {
  key: string
  label: string
  href: string
  /** The address the link stands for in the content (current-page marking). */
  path: string
  /** The page comes later (준비 중). */
  comingSoon?: boolean
}

export interface NavGroup {
  key: string
  title: string
  links: NavLinkItem[]
}

type Navigation = LayoutData['navigation']

/**
 * The main menu with old addresses (e.g. /Promotion/Customer) rewritten to where they lead, and
 * the links to what comes later marked.
 */
export function mainNavGroups(
  navigation: Navigation,
  defaultSite: string | null | undefined,
  comingSoon: readonly string[] = [],
): NavGroup[] {
  return (navigation.menu ?? []).map((group) => ({
    key: group._key,
    title: group.title ?? '',
    links: (group.subMenu ?? []).map((item) => ({
      key: item._key,
      label: item.subTitle ?? '',
      href: siteHref(item.subUrl ?? '/', defaultSite),
      path: item.subUrl ?? '/',
      comingSoon: comingSoon.includes(item.subUrl ?? '/'),
    })),
  }))
}

/** The two-entry menu of a site's press and customer pages. */
export function siteNavLinks(navigation: Navigation, site: string): NavLinkItem[] {
  return (navigation.siteMenu ?? []).map((item) => ({
    key: item._key,
    label: item.title ?? '',
    href: `/${site}/${item.segment}`,
    path: `/${site}/${item.segment}`,
  }))
}
