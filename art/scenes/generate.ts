// Writes the brochure illustrations into content/images/. Run after changing a scene:
//   npx tsx art/scenes/generate.ts [file.svg ...] && npx tsx scripts/render-og.ts
// images.test.ts fails when a committed file differs from what this draws.
import {writeFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'
import {brandIntro, reservation, siteDefault, siteSecond, specialPlan} from './exteriors.ts'
import {
  bannerBrand,
  bannerBusiness,
  bannerComplex,
  bannerFloorplan,
  bannerInterior,
  bannerLocation,
  bannerPress,
  bannerSales,
} from './banners.ts'
import {
  headerBanner,
  logoLight,
  logoWhite,
  ogDefault,
  riverparkLogoLight,
  riverparkLogoWhite,
} from './brand.ts'
import {
  locationAmenities,
  locationEducation,
  locationLake,
  locationSportsPark,
  locationTransport,
  locationWorkplace,
  premiumCommunity,
  premiumDecide,
  premiumLandmark,
  premiumSports,
} from './cards.ts'
import {hero} from './hero.ts'
import {
  communityCafe,
  communityFitness,
  communityGolf,
  communityReading,
  interior119a,
  interior119b,
  interior84a,
} from './interiors.ts'

/** Every illustration this generator owns, by file name in content/images/. */
export const illustrations: Record<string, () => string> = {
  'logo.svg': logoLight,
  'logo-white.svg': logoWhite,
  'logo-riverpark.svg': riverparkLogoLight,
  'logo-riverpark-white.svg': riverparkLogoWhite,
  'header-banner.svg': headerBanner,
  'og-default.svg': ogDefault,
  'hero.svg': hero,
  'brand-intro.svg': brandIntro,
  'special-plan.svg': specialPlan,
  'reservation.svg': reservation,
  'site-default.svg': siteDefault,
  'site-second.svg': siteSecond,
  'premium-card-1.svg': premiumLandmark,
  'premium-card-2.svg': premiumSports,
  'premium-card-3.svg': premiumCommunity,
  'premium-card-4.svg': premiumDecide,
  'location-card-1.svg': locationTransport,
  'location-card-2.svg': locationEducation,
  'location-card-3.svg': locationLake,
  'location-card-4.svg': locationSportsPark,
  'location-card-5.svg': locationAmenities,
  'location-card-6.svg': locationWorkplace,
  'interior-84a.svg': interior84a,
  'interior-119a.svg': interior119a,
  'interior-119b.svg': interior119b,
  'community-fitness.svg': communityFitness,
  'community-reading.svg': communityReading,
  'community-cafe.svg': communityCafe,
  'community-golf.svg': communityGolf,
  'banner-brand.svg': bannerBrand,
  'banner-business.svg': bannerBusiness,
  'banner-location.svg': bannerLocation,
  'banner-complex.svg': bannerComplex,
  'banner-floorplan.svg': bannerFloorplan,
  'banner-interior.svg': bannerInterior,
  'banner-sales.svg': bannerSales,
  'banner-press.svg': bannerPress,
}

const imagesDir = fileURLToPath(new URL('../../content/images/', import.meta.url))

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const only = process.argv.slice(2)
  for (const [name, draw] of Object.entries(illustrations)) {
    if (only.length > 0 && !only.includes(name)) continue
    writeFileSync(imagesDir + name, draw())
  }
}
