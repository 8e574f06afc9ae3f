import {Link} from 'react-router'
import {ComingSoon} from '#src/components/content-page/ComingSoon.tsx'
import type {PageExtras} from '#src/lib/content-pages/page-extras.ts'

/**
 * The rental guide's parts backed by their own pages (internet subscription, recruitment
 * notice, stamp duty): a coming-soon placeholder while a page is not published, else a link
 * to it (and the notice file when there is one).
 */
export function SalesGuideParts({
  pages,
}: {
  pages: Extract<PageExtras, {kind: 'salesParts'}>['pages']
}) {
  return (
    <div className="sales-parts">
      {pages.map((page) => (
        <section key={page.path} className="sales-part" aria-label={page.title ?? undefined}>
          <h2>{page.title}</h2>
          {page.comingSoon ? (
            <ComingSoon />
          ) : (
            <p className="sales-part-links">
              <Link to={page.path ?? '/'}>{`${page.title ?? ''} 자세히 보기`}</Link>
              {page.attachmentUrl ? (
                <a href={page.attachmentUrl} download>
                  공고문 내려받기 (PDF)
                </a>
              ) : null}
            </p>
          )}
        </section>
      ))}
    </div>
  )
}
