import type {ReactNode} from 'react'
import type {ContentImage} from '#src/lib/images.ts'
import {VideoPlayer} from '#src/components/pages/VideoPlayer.tsx'
import {ContentPicture} from '#src/components/pages/ZoomableImage.tsx'
import {playableVideo, type VideoSource} from '#src/lib/content-pages/video.ts'
import {sectionAnchor} from '#src/lib/content-pages/section-anchor.ts'
import {useLayoutData} from '#src/lib/layout-data.ts'
import {ComingSoon} from './ComingSoon.tsx'
import {FactTable, type FactTableFields} from './FactTable.tsx'
import {SubNav} from './SubNav.tsx'
import {TextBlock} from './TextBlock.tsx'
import {TitleBanner} from './TitleBanner.tsx'

export interface ContentPageFields {
  path?: string | null
  title?: string | null
  bannerTitle?: string | null
  bannerSubtitle?: string | null
  bannerImage?: ContentImage | null
  intro?: string | null
  sections?: Array<{
    _key: string
    heading?: string | null
    body?: string | null
    facts?: FactTableFields[] | null
    image?: ContentImage | null
  }> | null
  disclaimers?: string[] | null
  subNav?: Array<{_key: string; title?: string | null; url?: string | null}> | null
  comingSoon?: boolean | null
  video?: VideoSource | null
  attachmentUrl?: string | null
  attachmentTitle?: string | null
  note?: string | null
}

interface ContentPageViewProps {
  path: string
  page: ContentPageFields
  /** Page-specific content shown after the intro, before the sections (a table, cards, tabs). */
  lead?: ReactNode
  /** Page-specific content shown after the sections (e.g. a floor plan). */
  children?: ReactNode
}

/**
 * Pages reached through another page's sub-navigation entry (the 84㎡ entry covers both 84㎡ interior
 * pages).
 */
const SUB_NAV_OWNER: Readonly<Record<string, string>> = {'/Interior/84B': '/Interior/84A'}

/**
 * A content page as the `page` document describes it: title banner, sub-navigation,
 * intro, sections, video or attachment, disclaimers and note.
 */
export function ContentPageView({path, page, lead, children}: ContentPageViewProps) {
  const title = page.bannerTitle || page.title || ''
  const video = playableVideo(page.video)
  const {comingSoon} = useLayoutData()
  return (
    <article className="content-page">
      <TitleBanner
        title={title}
        subtitle={page.bannerSubtitle}
        image={page.bannerImage}
        slow={path.startsWith('/Brand/')}
      />
      <SubNav
        items={page.subNav ?? []}
        current={SUB_NAV_OWNER[path] ?? path}
        comingSoon={comingSoon}
      />
      <div className="page-body">
        {page.bannerTitle && page.title && page.title !== page.bannerTitle ? (
          <h2 className="page-title">{page.title}</h2>
        ) : null}
        <TextBlock text={page.intro} className="page-intro" />
        {page.comingSoon ? <ComingSoon /> : null}
        {lead}
        {(page.sections ?? []).map((section, index) => {
          // The first section's picture, under the banner and at most a short intro, is the
          // page's largest paint: fetched at once and shown at once (no fade).
          const first = index === 0 && !lead && !page.comingSoon
          return (
            <section key={section._key} id={sectionAnchor(section._key)} className="page-section">
              {section.heading ? <h2>{section.heading}</h2> : null}
              <TextBlock text={section.body} />
              {(section.facts ?? []).map((table) => (
                <FactTable key={table._key} table={table} />
              ))}
              <ContentPicture
                image={section.image}
                title={section.heading || page.title || title}
                width={1200}
                fade={!first}
                priority={first}
              />
            </section>
          )
        })}
        {video ? (
          <VideoPlayer video={video} title={page.title || title} className="brand-video" autoplay />
        ) : null}
        {page.attachmentUrl ? (
          <p className="page-attachment">
            <a href={page.attachmentUrl} download>
              {`${page.attachmentTitle || '첨부 파일'} 내려받기`}
            </a>
          </p>
        ) : null}
        {children}
        {page.disclaimers && page.disclaimers.length > 0 ? (
          <ul className="disclaimers" aria-label="유의사항">
            {page.disclaimers.map((text, index) => (
              <li key={index}>{text}</li>
            ))}
          </ul>
        ) : null}
        <TextBlock text={page.note} className="page-note" />
      </div>
    </article>
  )
}
