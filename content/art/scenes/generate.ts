import {writeFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'
import {brandIntro, reservation, siteDefault, siteSecond, specialPlan} from './exteriors.ts'
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

/** Every illustration this generator owns, by file name in content/images/. */
export const illustrations: Record<string, () => string> = {
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
}

const imagesDir = fileURLToPath(new URL('../../images/', import.meta.url))

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const only = process.argv.slice(2)
  for (const [name, draw] of Object.entries(illustrations)) {
    if (only.length > 0 && !only.includes(name)) continue
    writeFileSync(imagesDir + name, draw())
  }
}
