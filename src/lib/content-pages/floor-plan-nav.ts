/** The unit-guide sub-navigation: the supplied 84㎡ types, then the E-model house. */
const UNIT_GUIDE_SLUGS = ['84A', '84B', '114A']
/** Under the coming-soon placeholder the list starts with the 59㎡ types. */
const COMING_SOON_SLUGS = ['59A', '59B', ...UNIT_GUIDE_SLUGS]

interface UnitTypeLabel {
  slug: string | null
  label?: string | null
  code?: string | null
}

export interface NavLink {
  _key: string
  title: string
  url: string
}

/**
 * The sub-navigation of a /FloorPlan/:type page, labelled as the content names the types
 * (114A shows as 84C); a type missing from the content is left out.
 */
export function floorPlanSubNav(
  comingSoon: boolean,
  unitTypes: UnitTypeLabel[],
  emodel: {path?: string | null; title?: string | null} | null,
): NavLink[] {
  const links = (comingSoon ? COMING_SOON_SLUGS : UNIT_GUIDE_SLUGS).flatMap((slug) => {
    const unit = unitTypes.find((type) => type.slug === slug)
    return unit
      ? [{_key: slug, title: unit.label || unit.code || slug, url: `/FloorPlan/${slug}`}]
      : []
  })
  if (emodel?.path && emodel.title)
    links.push({_key: 'emodel', title: emodel.title, url: emodel.path})
  return links
}
