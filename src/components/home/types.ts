import type {ContentImage} from '#src/lib/images.ts'
import type {EmodelTab} from '#src/lib/tours.ts'

/**
 * What the home page renders, as HOME_PAGE_QUERY returns it (homePage singleton plus the
 * premiumCard, premiumSlide, unitType and emodelTour documents). Every field may be
 * missing in a half-edited dataset, so everything is optional and the sections degrade.
 */
type Maybe<T> = T | null | undefined

export interface TitledText {
  _key?: string
  title?: Maybe<string>
  text?: Maybe<string>
}

export interface HomeContent {
  hero?: Maybe<{
    eyebrow?: Maybe<string>
    title?: Maybe<string>
    subtitle?: Maybe<string>
    ctaLabel?: Maybe<string>
    image?: Maybe<ContentImage>
  }>
  locationPoints?: Maybe<{
    heading?: Maybe<string>
    text?: Maybe<string>
    image?: Maybe<ContentImage>
    points?: Maybe<TitledText[]>
  }>
  brandIntro?: Maybe<{heading?: Maybe<string>; text?: Maybe<string>; image?: Maybe<ContentImage>}>
  specialPlan?: Maybe<{
    heading?: Maybe<string>
    text?: Maybe<string>
    image?: Maybe<ContentImage>
    items?: Maybe<TitledText[]>
  }>
  premiumSection?: Maybe<{heading?: Maybe<string>; text?: Maybe<string>}>
  unitPlanSection?: Maybe<{
    heading?: Maybe<string>
    typesTitle?: Maybe<string>
    typesText?: Maybe<string>
    emodelTitle?: Maybe<string>
    emodelText?: Maybe<string>
  }>
  reservationSection?: Maybe<{
    heading?: Maybe<string>
    text?: Maybe<string>
    image?: Maybe<ContentImage>
  }>
  mobileOverview?: Maybe<{
    overview?: Maybe<TitledText & {image?: Maybe<ContentImage>}>
    location?: Maybe<TitledText & {image?: Maybe<ContentImage>}>
    premium?: Maybe<TitledText>
  }>
  complexAccordion?: Maybe<{
    layout?: Maybe<ComplexPanel>
    specialDesign?: Maybe<ComplexPanel>
    community?: Maybe<ComplexPanel>
  }>
}

export interface ComplexPanel extends TitledText {
  images?: Maybe<Array<ContentImage & {_key?: string}>>
}

export interface PremiumCard {
  _id: string
  number?: Maybe<number>
  image?: Maybe<ContentImage>
  title?: Maybe<string>
  text1?: Maybe<string>
  text2?: Maybe<string>
  link?: Maybe<string>
  linkText?: Maybe<string>
}

export interface PremiumSlide {
  _id: string
  image?: Maybe<ContentImage>
  title?: Maybe<string>
  description?: Maybe<string>
}

export interface UnitTypeCard {
  _id: string
  code?: Maybe<string>
  label?: Maybe<string>
  slug?: Maybe<string>
  exclusiveArea?: Maybe<number>
  supplyArea?: Maybe<number>
  households?: Maybe<number>
  bedrooms?: Maybe<number>
  bathrooms?: Maybe<number>
  image?: Maybe<ContentImage>
  remaining?: Maybe<number>
  remainingCheckedAt?: Maybe<string>
}

/** An E-model tab of the unit-plan section (see src/lib/tours.ts). */
export type EmodelTour = EmodelTab

export interface HomeData {
  home: Maybe<HomeContent>
  premiumCards: PremiumCard[]
  premiumSlides: PremiumSlide[]
  unitTypes: UnitTypeCard[]
  emodelTours: EmodelTour[]
}
