import {DATA_KINDS} from '#shared/privacy/policy.ts'
import {FactTable} from '#src/components/content-page/FactTable.tsx'
import {TextBlock} from '#src/components/content-page/TextBlock.tsx'
import type {PRIVACY_QUERY_RESULT} from '#sanity.types.ts'

/** One kind of data's retention as the privacy page's query reads it. */
export type RetentionPeriodFields = NonNullable<
  NonNullable<PRIVACY_QUERY_RESULT>['retentionPeriods']
>[number]

/** 개인정보의 보유 기간과 파기: each kind of data kept, how long, and how it is destroyed. */
export function RetentionSection({
  periods,
  destructionNote,
}: {
  periods: readonly RetentionPeriodFields[] | null
  destructionNote: string | null
}) {
  if (!periods?.length) return null
  return (
    <section className="page-section privacy-part" aria-labelledby="privacy-retention">
      <h2 id="privacy-retention">개인정보의 보유 기간과 파기</h2>
      <FactTable
        table={{
          _key: 'retention',
          caption: '자료별 보유 기간',
          columns: ['자료', '들어 있는 것', '보유 기간', '파기 방법'],
          rows: periods.map((entry) => ({
            _key: entry._key,
            cells: [
              entry.kind ? DATA_KINDS[entry.kind] : '',
              entry.contents,
              entry.period,
              entry.destruction,
            ],
          })),
        }}
      />
      <TextBlock text={destructionNote} className="privacy-part-note" />
    </section>
  )
}
