import type {ReactNode} from 'react'
import {SanityImage} from '~/components/SanityImage.tsx'
import type {ContentImage} from '~/lib/images.ts'
import {ComingSoon} from './ComingSoon.tsx'
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
  sections?: Array<{_key: string; heading?: string | null; body?: string | null; image?: ContentImage | null}> | null
  disclaimers?: string[] | null
  subNav?: Array<{_key: string; title?: string | null; url?: string | null}> | null
  comingSoon?: boolean | null
  videoId?: string | null
  attachmentUrl?: string | null
  note?: string | null
}

interface ContentPageViewProps {
  path: string
  page: ContentPageFields
  /** Page-specific content shown after the sections (e.g. a floor plan). */
  children?: ReactNode
}

/**
 * A content page as the `page` document describes it: title banner, sub-navigation,
 * intro, sections, video or attachment, disclaimers and note.
 */
export function ContentPageView({path, page, children}: ContentPageViewProps) {
  const title = page.bannerTitle || page.title || ''
  return (
    <article className="content-page">
      <TitleBanner title={title} subtitle={page.bannerSubtitle} image={page.bannerImage} slow={path.startsWith('/Brand/')} />
      <SubNav items={page.subNav ?? []} current={path} />
      <div className="page-body">
        {page.bannerTitle && page.title && page.title !== page.bannerTitle ? <h2 className="page-title">{page.title}</h2> : null}
        <TextBlock text={page.intro} className="page-intro" />
        {page.comingSoon ? <ComingSoon /> : null}
        {(page.sections ?? []).map((section) => (
          <section key={section._key} className="page-section">
            {section.heading ? <h2>{section.heading}</h2> : null}
            <TextBlock text={section.body} />
            <SanityImage image={section.image} width={1200} fade />
          </section>
        ))}
        {page.videoId ? (
          <div className="video-frame">
            <iframe
              src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(page.videoId)}?autoplay=1&mute=1&rel=0&playsinline=1`}
              title={`${title} 영상`}
              width={1300}
              height={500}
              loading="lazy"
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
            />
          </div>
        ) : null}
        {page.attachmentUrl ? (
          <p className="page-attachment">
            <a href={page.attachmentUrl} download>
              첨부 파일 내려받기
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
