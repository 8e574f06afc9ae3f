import {emodelTour} from './documents/emodelTour'
import {guideVideo} from './documents/guideVideo'
import {locationCard} from './documents/locationCard'
import {page} from './documents/page'
import {premiumCard} from './documents/premiumCard'
import {premiumSlide} from './documents/premiumSlide'
import {press} from './documents/press'
import {site} from './documents/site'
import {unitType} from './documents/unitType'
import {cubePanorama} from './objects/cubePanorama'
import {factTable} from './objects/factTable'
import {imageWithAlt} from './objects/imageWithAlt'
import {modelHouse} from './objects/modelHouse'
import {navLink} from './objects/navLink'
import {openingHours} from './objects/openingHours'
import {privacyProcessor} from './objects/privacyProcessor'
import {privacyRight} from './objects/privacyRight'
import {retentionPeriod} from './objects/retentionPeriod'
import {richText} from './objects/richText'
import {seo} from './objects/seo'
import {tourHotspot} from './objects/tourHotspot'
import {tourRoom} from './objects/tourRoom'
import {videoSource} from './objects/videoSource'
import {businessOverview} from './singletons/businessOverview'
import {homePage} from './singletons/homePage'
import {navigation} from './singletons/navigation'
import {privacy} from './singletons/privacy'
import {siteSettings} from './singletons/siteSettings'
import {textTemplates} from './singletons/textTemplates'

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
