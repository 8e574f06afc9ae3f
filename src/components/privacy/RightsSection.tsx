import {MY_INFO_ANCHOR, PRIVACY_RIGHTS} from '#shared/privacy/policy.ts'
import {TextBlock} from '#src/components/content-page/TextBlock.tsx'
import type {PRIVACY_QUERY_RESULT} from '#sanity.types.ts'

/** One right as the privacy page's query reads it. */
export type RightFields = NonNullable<NonNullable<PRIVACY_QUERY_RESULT>['rights']>[number]

/**
 * 정보주체의 권리와 행사 방법: each right and the ways to use it; a right the site's own form
 * serves links to that form on this page.
 */
export function RightsSection({rights}: {rights: readonly RightFields[] | null}) {
  if (!rights?.length) return null
  return (
    <section className="page-section privacy-part" aria-labelledby="privacy-rights">
      <h2 id="privacy-rights">정보주체의 권리와 행사 방법</h2>
      <dl className="privacy-rights">
        {rights.map((entry) => (
          <div key={entry._key}>
            <dt>{entry.right ? PRIVACY_RIGHTS[entry.right] : ''}</dt>
            <dd>
              <TextBlock text={entry.how} />
              {entry.onDataPage ? (
                <p className="privacy-right-link">
                  <a href={`#${MY_INFO_ANCHOR}`}>내 정보 확인·삭제 바로 가기</a>
                </p>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
