import {emodelTour} from './documents/emodelTour.ts'
import {guideVideo} from './documents/guideVideo.ts'
import {locationCard} from './documents/locationCard.ts'
import {page} from './documents/page.ts'
import {premiumCard} from './documents/premiumCard.ts'
import {premiumSlide} from './documents/premiumSlide.ts'
import {press} from './documents/press.ts'
import {site} from './documents/site.ts'
import {unitType} from './documents/unitType.ts'
import {cubePanorama} from './objects/cubePanorama.ts'
import {factTable} from './objects/factTable.ts'
import {imageWithAlt} from './objects/imageWithAlt.ts'
import {modelHouse} from './objects/modelHouse.ts'
import {navLink} from './objects/navLink.ts'
import {openingHours} from './objects/openingHours.ts'
import {privacyProcessor} from './objects/privacyProcessor.ts'
import {privacyRight} from './objects/privacyRight.ts'
import {retentionPeriod} from './objects/retentionPeriod.ts'
import {richText} from './objects/richText.ts'
import {seo} from './objects/seo.ts'
import {tourHotspot} from './objects/tourHotspot.ts'
import {tourRoom} from './objects/tourRoom.ts'
import {videoSource} from './objects/videoSource.ts'
import {businessOverview} from './singletons/businessOverview.ts'
import {homePage} from './singletons/homePage.ts'
import {navigation} from './singletons/navigation.ts'
import {privacy} from './singletons/privacy.ts'
import {siteSettings} from './singletons/siteSettings.ts'
import {textTemplates} from './singletons/textTemplates.ts'

/** Documents that exist exactly once, at `_id` == type name, in the order the Studio lists them. */
export const singletonTypes = [
  siteSettings,
  businessOverview,
  navigation,
  homePage,
  privacy,
  textTemplates,
]

/** Collections in the order of the site's menu; press posts last. */
export const collectionTypes = [
  page,
  unitType,
  locationCard,
  premiumCard,
  premiumSlide,
  guideVideo,
  emodelTour,
  site,
  press,
]

export const schemaTypes = [
  ...singletonTypes,
  ...collectionTypes,
  imageWithAlt,
  seo,
  richText,
  factTable,
  navLink,
  videoSource,
  tourRoom,
  cubePanorama,
  tourHotspot,
  modelHouse,
  openingHours,
  retentionPeriod,
  privacyProcessor,
  privacyRight,
]
