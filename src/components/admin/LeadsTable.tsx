import {formatLeadTime, SOURCE_LABELS, STATUS_LABELS} from './lead-labels.ts'
import type {Lead} from './leads-api.ts'

interface LeadsTableProps {
  leads: Lead[]
  spam: boolean
  resending: string | null
  onResend(id: string): void
}

export function LeadsTable({leads, spam, resending, onResend}: LeadsTableProps) {
  return (
    <div className="leads-table-wrap" tabIndex={0} role="region" aria-label="문의 목록">
      <table className="leads-table">
        <thead>
          <tr>
            <th scope="col">접수 시각</th>
            <th scope="col">접수번호</th>
            <th scope="col">현장</th>
            <th scope="col">경로</th>
            <th scope="col">이름</th>
            <th scope="col">연락처</th>
            <th scope="col">문의 내용</th>
            <th scope="col">마케팅</th>
            <th scope="col">{spam ? '분류 사유' : '전달 상태'}</th>
          </tr>
        </thead>
        <tbody>
          {leads.map((lead) => (
            <tr key={lead.id}>
              <td>{formatLeadTime(lead.createdAt)}</td>
              <td className="lead-receipt">{lead.receipt}</td>
              <td>{lead.site}</td>
              <td>{SOURCE_LABELS[lead.source] ?? lead.source}</td>
              <td>{lead.name}</td>
              <td className="lead-phone">{lead.phone}</td>
              <td className="lead-message">{lead.message}</td>
              <td>{lead.marketingConsent ? '동의' : '-'}</td>
              <td>
                {spam ? (
                  lead.spam === 'honeypot' ? '숨은 칸 입력' : '너무 빠른 작성'
                ) : (
                  <span className={`lead-status is-${lead.delivery.status}`}>
                    {STATUS_LABELS[lead.delivery.status]}
                    {lead.delivery.attempts > 0 ? ` (${lead.delivery.attempts}회 시도)` : ''}
                  </span>
                )}
                {!spam && lead.delivery.status === 'failed' ? (
                  <button
                    type="button"
                    className="lead-resend"
                    disabled={resending === lead.id}
                    onClick={() => onResend(lead.id)}
                    aria-label={`${lead.receipt} 다시 보내기`}
                  >
                    {resending === lead.id ? '보내는 중...' : '다시 보내기'}
                  </button>
                ) : null}
                {lead.delivery.lastError && lead.delivery.status !== 'delivered' ? (
                  <span className="lead-error">{lead.delivery.lastError}</span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
