import {formatVisitAt} from '#shared/visits/visit-time.ts'
import {formatLeadTime, STAGE_LABELS, telHref} from './lead-labels.ts'
import type {Lead} from '#src/lib/api/leads.ts'
import {ownerName} from '#src/lib/api/owners.ts'

interface LeadCardsProps {
  leads: Lead[]
  onOpen(lead: Lead): void
}

/** The lead's name as the button that opens its panel (in the table and on a card). */
export function LeadOpenButton({lead, onOpen}: {lead: Lead; onOpen(lead: Lead): void}) {
  return (
    <button
      type="button"
      className="lead-open"
      onClick={() => onOpen(lead)}
      aria-label={`${lead.name} (${lead.receipt}) 열기`}
    >
      {lead.name}
    </button>
  )
}

/**
 * The leads on a phone: a compact card each, with what a call needs (the name that opens the
 * lead, the number to tap, the visit, the stage, the owner, the last contact). The table stays the
 * desktop's; the stylesheet shows one or the other by the screen's width.
 */
export function LeadCards({leads, onOpen}: LeadCardsProps) {
  return (
    <ul className="lead-cards" aria-label="문의 목록">
      {leads.map((lead) => (
        <li key={lead.id} className="lead-card">
          <div className="lead-card-head">
            <LeadOpenButton lead={lead} onOpen={onOpen} />
            <span className={`lead-stage is-${lead.stage}`}>{STAGE_LABELS[lead.stage]}</span>
          </div>
          <a className="lead-card-tel" href={telHref(lead.phone)}>
            <span aria-hidden="true">☎</span> {lead.phone}
          </a>
          <p className={lead.visit ? `lead-visit is-${lead.visit.status}` : 'lead-muted'}>
            {lead.visit
              ? `방문 ${formatVisitAt(lead.visit.start)}${lead.visit.status === 'cancelled' ? ' (취소)' : ''}`
              : '방문 예약 없음'}
          </p>
          <p className="lead-muted lead-card-owner">
            담당 {lead.owner ? ownerName(lead.owner) : '배정 전'}
          </p>
          {lead.lastContactAt ? (
            <p className="lead-muted">마지막 연락 {formatLeadTime(lead.lastContactAt)}</p>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
