import type {PageExtras as Extras} from '#src/lib/content-pages/page-extras.ts'
import {BusinessOverviewTable} from './BusinessOverviewTable.tsx'
import {EmodelTours} from './EmodelTours.tsx'
import {GuideVideoTabs} from './GuideVideoTabs.tsx'
import {InteriorTypeList} from './InteriorTypeList.tsx'
import {LocationCards} from './LocationCards.tsx'
import {PremiumOverview} from './PremiumOverview.tsx'
import {SalesGuideParts} from './SalesGuideParts.tsx'

/** The page-specific part of a content page, shown after its intro. */
export function PageExtras({extras, path}: {extras: Extras; path: string}) {
  switch (extras.kind) {
    case 'overview':
      return <BusinessOverviewTable overview={extras.facts.overview} />
    case 'locationCards':
      return <LocationCards cards={extras.cards} />
    case 'premium':
      return <PremiumOverview cards={extras.cards} themes={extras.themes} />
    case 'guideVideos':
      return <GuideVideoTabs videos={extras.videos} />
    case 'emodelTours':
      return <EmodelTours tours={extras.tours} />
    case 'interiorTypes':
      return <InteriorTypeList pages={extras.pages} current={path} />
    case 'salesParts':
      return <SalesGuideParts pages={extras.pages} />
    case 'none':
      return null
  }
}
