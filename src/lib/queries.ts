import {defineQuery} from 'groq'

/**
 * Every GROQ query of the site. TypeGen (`npm run typegen`) reads this module and writes
 * the result types to sanity.types.ts, so `client.fetch(QUERY)` is typed by the query.
 *
 * Images are fetched as stored (`imageWithAlt`: asset reference, crop, hotspot, alt);
 * `#src/lib/images` builds their addresses and reads their size from the asset id.
 */

/**
 * A `videoSource` as the players need it: the files' addresses, the poster as stored (its
 * renditions are built like every image's), or the YouTube id.
 */
const VIDEO_PROJECTION = `{
  kind,
  youtubeId,
  "mp4": mp4.asset->url,
  "webm": webm.asset->url,
  "captions": captions.asset->url,
  poster
}`

/**
 * An E-model tab: the tour's key and title, and the start room's four side faces, of which
 * the one it first looks at is the tab's picture until the visitor opens the tour.
 */
const EMODEL_TAB_PROJECTION = `{
  _id, key, title,
  "cover": rooms[roomId == ^.startRoom][0]{name, startYaw, "faces": [panorama.front, panorama.right, panorama.back, panorama.left]}
}`

/** The PREMIUM cards in order (home page, premium page). */
const PREMIUM_CARDS = `*[_type == "premiumCard"] | order(number asc){
  _id, number, image, title, text1, text2, link, linkText
}`

/** The premium slides in order: the home page's narrow-screen slider, the premium page's themes. */
const PREMIUM_SLIDES = `*[_type == "premiumSlide"] | order(order asc){
  _id, image, title, description
}`

/** The location cards in order (home page, /LocationEnvironment/intro). */
const LOCATION_CARDS = `*[_type == "locationCard"] | order(order asc){
  _id, title, text, image
}`

/**
 * A site's own brand, which its press and customer pages wear instead of the default
 * site's (`#src/lib/site-brand`): name, logos, phone, company lines and what it registers.
 */
const SITE_BRAND_FIELDS = `_id, "slug": slug.current, name, logo, logoWhite, phone, company, registrationName`

/**
 * The singletons every page's layout needs (header, menus, footer, head defaults) and each
 * site's model house, which the footer and the booking pages state.
 */
export const LAYOUT_QUERY = defineQuery(`{
  "settings": *[_id == "siteSettings"][0]{
    complexName,
    brandName,
    logo,
    logoWhite,
    phone,
    counselHours,
    consultLabel,
    consultUrl,
    headerBanner,
    company,
    familySites,
    copyrightYear,
    planNotice,
    firstComeNotice,
    "defaultSite": defaultSite->slug.current,
    seo,
    naverVerification,
    googleVerification,
    marketing,
    _updatedAt
  },
  "navigation": *[_id == "navigation"][0]{
    menu,
    siteMenu
  },
  "modelHouses": *[_type == "site" && defined(slug.current) && defined(modelHouse.address)] | order(slug.current asc){
    "site": slug.current,
    "house": modelHouse{address, mapUrl, hours[]{weekday, opens, closes}, closedDates, openOnHolidays, bookingDays}
  },
  "comingSoonPages": *[_type == "page" && comingSoon == true && defined(path)].path,
  "comingSoonUnits": *[_type == "unitType" && status == "comingSoon"].slug.current
}`)

/** Everything the home page shows, besides the layout. */
export const HOME_PAGE_QUERY = defineQuery(`{
  "home": *[_id == "homePage"][0]{
    hero,
    locationPoints,
    brandIntro,
    specialPlan,
    premiumSection,
    unitPlanSection,
    reservationSection,
    mobileOverview,
    complexAccordion,
    seo,
    _updatedAt
  },
  "premiumCards": ${PREMIUM_CARDS},
  "premiumSlides": ${PREMIUM_SLIDES},
  "unitTypes": *[_type == "unitType" && status == "available"] | order(order asc){
    _id, code, "slug": slug.current, label, exclusiveArea, supplyArea, households, bedrooms,
    bathrooms, image, notice, remaining, remainingCheckedAt
  },
  "emodelTours": *[_type == "emodelTour" && count(rooms) > 0] | order(order asc)${EMODEL_TAB_PROJECTION},
  "locationCards": ${LOCATION_CARDS}
}`)

/**
 * The project facts and unit plans behind the ApartmentComplex structured data: the types
 * supplied now (a type that comes later is no floor plan of the complex yet).
 */
export const COMPLEX_FACTS_QUERY = defineQuery(`{
  "overview": *[_id == "businessOverview"][0]{
    projectName, location, siteArea, buildingArea, grossFloorArea, floorAreaRatio,
    basementFloors, aboveGroundFloors, buildings, units, unitSizes, supplyType, rentalYears
  },
  "unitTypes": *[_type == "unitType" && status == "available"] | order(order asc){
    code, "slug": slug.current, label, exclusiveArea, supplyArea, households, status
  }
}`)

/** One content page (brand, business, location, complex, floor plan, interior, sales). */
export const PAGE_QUERY = defineQuery(`*[_type == "page" && path == $path][0]{
  _id,
  _updatedAt,
  path,
  title,
  bannerTitle,
  bannerSubtitle,
  bannerImage,
  intro,
  sections,
  disclaimers,
  subNav,
  comingSoon,
  video${VIDEO_PROJECTION},
  "attachmentUrl": attachment.asset->url,
  "attachmentTitle": attachment.title,
  note,
  seo
}`)

/** A press/customer site by its path segment. */
export const SITE_QUERY = defineQuery(`*[_type == "site" && slug.current == $site][0]{
  ${SITE_BRAND_FIELDS}, region, heading, blurb, image
}`)

/** What the build prerenders and lists in the sitemap, with each page's last change. */
export const SITE_MAP_QUERY = defineQuery(`{
  "pages": *[_type == "page" && defined(path)]{path, _updatedAt},
  "homeUpdatedAt": *[_id == "homePage"][0]._updatedAt,
  "privacyUpdatedAt": *[_id == "privacy"][0]._updatedAt,
  "sites": *[_type == "site" && defined(slug.current)] | order(slug.current asc){
    "slug": slug.current, _updatedAt
  },
  "press": *[_type == "press" && defined(site->slug.current)] | order(date desc, _id desc){
    _id, "site": site->slug.current, _updatedAt
  }
}`)

/** The press feed: newest first, every site. */
export const PRESS_FEED_QUERY =
  defineQuery(`*[_type == "press" && defined(site->slug.current)] | order(date desc, _id desc)[0...50]{
  _id, title, summary, date, _updatedAt, "site": site->slug.current, "siteName": site->name
}`)

/** One unit type by its route segment (`/FloorPlan/:type`). */
export const UNIT_TYPE_QUERY = defineQuery(`*[_type == "unitType" && slug.current == $slug][0]{
  _id, _updatedAt, code, "slug": slug.current, label, exclusiveArea, supplyArea, households,
  bedrooms, bathrooms, image, notice, status, remaining, remainingCheckedAt
}`)

/** One press post as its page shows it. */
export const PRESS_POST_QUERY =
  defineQuery(`*[_type == "press" && _id == $id && site->slug.current == $site][0]{
  _id, _updatedAt, title, summary, content, date, seo
}`)

/**
 * A site's press list as it opens: the site, how many posts it has (the list's NO counts
 * down from it) and the first page, newest first with `_id` breaking ties on `date`.
 * It takes 11 posts for a page of 10: the 11th only tells whether '더보기' has anything to show.
 */
export const PRESS_LIST_QUERY = defineQuery(`*[_type == "site" && slug.current == $site][0]{
  ${SITE_BRAND_FIELDS}, image,
  "total": count(*[_type == "press" && site._ref == ^._id && defined(date)]),
  "posts": *[_type == "press" && site._ref == ^._id && defined(date)] | order(date desc, _id desc)[0...11]{
    _id, title, date
  }
}`)

/**
 * The press posts after a loaded one (keyset on `(date desc, _id desc)`): 10 a page, plus one to
 * look ahead.
 */
export const PRESS_PAGE_QUERY =
  defineQuery(`*[_type == "press" && site._ref == $siteId && defined(date) && (
  date < $afterDate || (date == $afterDate && _id < $afterId)
)] | order(date desc, _id desc)[0...11]{
  _id, title, date
}`)

/** The privacy policy page. */
export const PRIVACY_QUERY = defineQuery(`*[_id == "privacy"][0]{
  _updatedAt, consentTitle, purpose, items, retention, refusal, marketingTitle, marketingText,
  policyTitle, policy,
  retentionPeriods[]{_key, kind, contents, period, destruction}, destructionNote,
  processingNote,
  processors[]{
    _key, recipient, task, personalData, items, country, region, transfersAbroad, transferWhen,
    transferRetention, contact
  },
  rights[]{_key, right, how, onDataPage},
  policyClosing, effectiveDate, seo
}`)

/** The six location cards of /LocationEnvironment/intro. */
export const LOCATION_CARDS_QUERY = defineQuery(LOCATION_CARDS)

/** /LocationEnvironment/primium: the four PREMIUM cards and the themes of the premium slides. */
export const PREMIUM_PAGE_QUERY = defineQuery(`{
  "cards": ${PREMIUM_CARDS},
  "themes": ${PREMIUM_SLIDES}
}`)

/** The guide-video tabs of /FloorPlan/videos, by tab number. */
export const GUIDE_VIDEOS_QUERY = defineQuery(`*[_type == "guideVideo"] | order(tabId asc){
  _id, tabId, title, video${VIDEO_PROJECTION}
}`)

/** The 360° tours of /FloorPlan/Emodel. */
export const EMODEL_TOURS_QUERY = defineQuery(
  `*[_type == "emodelTour" && count(rooms) > 0] | order(order asc)${EMODEL_TAB_PROJECTION}`,
)

/**
 * One E-model tour as its page shows it: every room with its six faces, hotspots and place on the
 * mini-map.
 */
export const TOUR_QUERY = defineQuery(`*[_type == "emodelTour" && key == $key][0]{
  _id,
  _updatedAt,
  key,
  title,
  plan,
  startRoom,
  rooms[defined(roomId)]{
    _key, roomId, name, mapX, mapY, startYaw,
    panorama{front, right, back, left, top, bottom},
    hotspots[defined(target)]{_key, target, yaw, pitch}
  }
}`)

/** The tours the build gives a page of its own (/tour/{key}). */
export const TOUR_KEYS_QUERY = defineQuery(
  `*[_type == "emodelTour" && defined(key) && count(rooms) > 0] | order(order asc).key`,
)

/** Other pages a page links to with their state (interior type list, sales guide parts). */
export const LINKED_PAGES_QUERY = defineQuery(`*[_type == "page" && path in $paths]{
  path,
  title,
  comingSoon,
  "sections": sections[defined(heading)]{_key, heading},
  "attachmentUrl": attachment.asset->url
}`)

/**
 * What every floor-plan page shares: the unit labels of its sub-navigation and the E-model page's
 * title and banner.
 */
export const FLOOR_PLAN_CONTEXT_QUERY = defineQuery(`{
  "unitTypes": *[_type == "unitType"] | order(order asc){"slug": slug.current, label, code},
  "emodel": *[_type == "page" && path == "/FloorPlan/Emodel"][0]{path, title, bannerImage}
}`)

/** The consent notice every registration form shows under '보기' (from the privacy singleton). */
export const CONSENT_NOTICE_QUERY = defineQuery(`*[_id == "privacy"][0]{
  consentTitle, purpose, items, retention, refusal, marketingTitle, marketingText,
  "version": _updatedAt
}`)

/** The sites the staff view filters leads by. */
export const LEAD_SITES_QUERY =
  defineQuery(`*[_type == "site" && defined(slug.current)] | order(slug.current asc){
  "slug": slug.current, name
}`)

/**
 * What the pages frame (for the Content-Security-Policy): videos on YouTube, and the site's own
 * tours.
 */
export const EMBED_HOSTS_QUERY = defineQuery(`{
  "youtubeVideos": count(*[_type in ["guideVideo", "page"] && video.kind == "youtube" && defined(video.youtubeId)]),
  "tours": count(*[_type == "emodelTour" && count(rooms) > 0])
}`)
