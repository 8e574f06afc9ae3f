import {
  formatLeadTime,
  marketingConsentLabel,
  SOURCE_LABELS,
  DOUBT_LABELS,
  SPAM_LABELS,
  STAGE_LABELS,
  STATUS_LABELS,
  TEXTS_WITHHELD_LABELS,
  VISIT_REFUSED_LABELS,
} from './lead-labels.ts'
import type {Lead} from '#src/lib/api/leads.ts'
import {LeadOpenButton} from './LeadCards.tsx'
import {formatVisitAt} from '#shared/visits/visit-time.ts'
import {ownerName} from '#src/lib/api/owners.ts'

interface LeadsTableProps {
  leads: Lead[]
  spam: boolean
  /** The lead an action is under way for (a re-send or a deletion). */
  busy: string | null
  onResend(id: string): void
  onDelete(lead: Lead): void
  onOpen(lead: Lead): void
  /** Site names by slug: staff read names, not path segments. */
  siteNames: ReadonlyMap<string, string>
}

/** Where the lead came from, in the words the staff use; nothing for a direct visit. */
function AttributionCell({attribution}: Pick<Lead, 'attribution'>) {
  const medium = [attribution.utmSource, attribution.utmMedium].filter(Boolean).join(' / ')
  const ad = [attribution.utmTerm, attribution.utmContent].filter(Boolean).join(' · ')
  const lines: Array<[string, string | undefined]> = [
    ['캠페인', attribution.utmCampaign],
    ['매체', medium || undefined],
    ['키워드·소재', ad || undefined],
    ['첫 페이지', attribution.landingPath],
    ['이전 사이트', attribution.referrerHost],
  ]
  const shown = lines.filter((line): line is [string, string] => Boolean(line[1]))
  if (shown.length === 0) return <span className="lead-muted">직접 방문</span>
  return (
    <dl className="lead-attribution">
      {shown.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

export function LeadsTable({
  leads,
  spam,
  busy,
  onResend,
  onDelete,
  onOpen,
  siteNames,
}: LeadsTableProps) {
  return (
    <div className="leads-table-wrap" tabIndex={0} role="region" aria-label="문의 목록">
      <table className="leads-table">
        <thead>
          <tr>
            <th scope="col">접수 시각</th>
            <th scope="col">접수번호</th>
            <th scope="col">현장</th>
            <th scope="col">경로</th>
            <th scope="col">상태</th>
            <th scope="col">담당</th>
            <th scope="col">마지막 연락</th>
            <th scope="col">이름</th>
            <th scope="col">연락처</th>
            <th scope="col">방문 예약</th>
            <th scope="col">문의 내용</th>
            <th scope="col">유입</th>
            <th scope="col">마케팅</th>
            <th scope="col">{spam ? '분류 사유' : '전달 상태'}</th>
            <th scope="col">관리</th>
          </tr>
        </thead>
        <tbody>
          {leads.map((lead) => (
            <tr key={lead.id}>
              <td data-label="접수 시각">{formatLeadTime(lead.createdAt)}</td>
              <td data-label="접수번호" className="lead-receipt">
                {lead.receipt}
              </td>
              <td data-label="현장">{siteNames.get(lead.site) ?? lead.site}</td>
              <td data-label="경로">{SOURCE_LABELS[lead.source] ?? lead.source}</td>
              <td data-label="상태">
                <span className={`lead-stage is-${lead.stage}`}>{STAGE_LABELS[lead.stage]}</span>
                {lead.repeats > 0 ? (
                  <span className="lead-repeats">{`재등록 ${lead.repeats}회`}</span>
                ) : null}
                {lead.textsWithheld ? (
                  <span className="lead-repeats">{TEXTS_WITHHELD_LABELS[lead.textsWithheld]}</span>
                ) : null}
                {lead.doubt ? (
                  <span className="lead-repeats">{DOUBT_LABELS[lead.doubt]}</span>
                ) : null}
                {lead.visitRefused ? (
                  <span className="lead-repeats">{VISIT_REFUSED_LABELS[lead.visitRefused]}</span>
                ) : null}
              </td>
              <td data-label="담당" className="lead-owner-cell" title={lead.owner}>
                {lead.owner ? ownerName(lead.owner) : <span className="lead-muted">배정 전</span>}
              </td>
              <td data-label="마지막 연락" className="lead-contact">
                {lead.lastContactAt ? (
                  formatLeadTime(lead.lastContactAt)
                ) : (
                  <span className="lead-muted">-</span>
                )}
              </td>
              <td data-label="이름" className="lead-name">
                <LeadOpenButton lead={lead} onOpen={onOpen} />
              </td>
              <td data-label="연락처" className="lead-phone">
                {lead.phone}
              </td>
              <td
                data-label="방문 예약"
                className={lead.visit ? `lead-visit is-${lead.visit.status}` : ''}
              >
                {lead.visit ? (
                  <>
                    {formatVisitAt(lead.visit.start)}
                    {lead.visit.status === 'cancelled' ? ' (취소)' : ''}
                  </>
                ) : (
                  <span className="lead-muted">-</span>
                )}
              </td>
              <td data-label="문의 내용" className="lead-message">
                {lead.message}
              </td>
              <td data-label="유입" className="lead-source">
                <AttributionCell attribution={lead.attribution} />
              </td>
              <td data-label="마케팅">
                {lead.marketingConsent ? marketingConsentLabel(lead) : '-'}
              </td>
              <td data-label={spam ? '분류 사유' : '전달 상태'}>
                <div>
                  {spam ? (
                    lead.spam && SPAM_LABELS[lead.spam]
                  ) : (
                    <span className={`lead-status is-${lead.delivery.status}`}>
                      {STATUS_LABELS[lead.delivery.status]}
                      {lead.delivery.attempts > 0 ? ` (${lead.delivery.attempts}회 시도)` : ''}
                    </span>
                  )}
                  {lead.delivery.lastError && lead.delivery.status !== 'delivered' ? (
                    <span className="lead-error">{lead.delivery.lastError}</span>
                  ) : null}
                </div>
              </td>
              <td data-label="관리" className="lead-actions">
                <div>
                  {!spam && lead.delivery.status === 'failed' ? (
                    <button
                      type="button"
                      disabled={busy === lead.id}
                      onClick={() => onResend(lead.id)}
                      aria-label={`${lead.receipt} 다시 보내기`}
                    >
                      {busy === lead.id ? '처리 중...' : '다시 보내기'}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="lead-delete"
                    disabled={busy === lead.id}
                    onClick={() => onDelete(lead)}
                    aria-label={`${lead.receipt} 삭제`}
                  >
                    삭제
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
