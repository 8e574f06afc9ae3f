import {FactTable} from '#src/components/content-page/FactTable.tsx'
import {TextBlock} from '#src/components/content-page/TextBlock.tsx'
import type {PRIVACY_QUERY_RESULT} from '#sanity.types.ts'

/** One processor as the privacy page's query reads it. */
export type ProcessorFields = NonNullable<NonNullable<PRIVACY_QUERY_RESULT>['processors']>[number]

const place = ({country, region}: ProcessorFields) => [country, region].filter(Boolean).join(', ')

/**
 * 개인정보 처리 위탁과 국외 이전: the companies personal data is entrusted to and where they
 * process it; for those that take it out of Korea, the items the law asks to be told (country,
 * recipient and its contact, purpose, items, when and how, how long); then the companies that
 * hold none.
 */
export function ProcessorsSection({
  processors,
  note,
}: {
  processors: readonly ProcessorFields[] | null
  note: string | null
}) {
  if (!processors?.length) return null
  const entrusted = processors.filter((processor) => processor.personalData)
  const abroad = entrusted.filter((processor) => processor.transfersAbroad)
  const without = processors.filter((processor) => !processor.personalData)
  return (
    <section className="page-section privacy-part" aria-labelledby="privacy-processors">
      <h2 id="privacy-processors">개인정보 처리 위탁과 국외 이전</h2>
      <TextBlock text={note} className="privacy-part-note" />
      <FactTable
        table={{
          _key: 'processors',
          caption: '처리를 맡긴 업체',
          columns: ['업체', '맡기는 일', '맡기는 개인정보', '처리하는 곳'],
          rows: entrusted.map((processor) => ({
            _key: processor._key,
            cells: [processor.recipient, processor.task, processor.items, place(processor)],
          })),
        }}
      />
      {abroad.length > 0 ? (
        <FactTable
          table={{
            _key: 'abroad',
            caption: '개인정보의 국외 이전',
            columns: [
              '이전받는 자(연락처)',
              '이전되는 나라',
              '이전 목적',
              '이전 항목',
              '이전 시기와 방법',
              '보유·이용 기간',
            ],
            rows: abroad.map((processor) => ({
              _key: processor._key,
              cells: [
                processor.contact
                  ? `${processor.recipient} (${processor.contact})`
                  : processor.recipient,
                place(processor),
                processor.task,
                processor.items,
                processor.transferWhen,
                processor.transferRetention,
              ],
            })),
          }}
        />
      ) : null}
      {without.length > 0 ? (
        <p className="page-note privacy-part-note">
          개인정보를 맡기지 않는 곳:{' '}
          {without.map((processor) => `${processor.recipient}(${processor.task ?? ''})`).join(', ')}
        </p>
      ) : null}
    </section>
  )
}
