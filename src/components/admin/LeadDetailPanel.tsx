import {useRef, useState, type FormEvent} from 'react'
import {errorAttributes, FieldError} from '#src/components/forms/FieldError.tsx'
import {FormError} from '#src/components/forms/FormError.tsx'
import {CALL_OUTCOME_LABELS} from '#shared/leads/calls.ts'
import {NO_SHOW_JOB_ACTOR} from '#shared/leads/lead.ts'
import {CallOutcomeButtons} from './CallOutcomeButtons.tsx'
import {LeadVisitControl} from './LeadVisitControl.tsx'
import {formatVisitAt} from '#shared/visits/visit-time.ts'
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
import {
  changeLead,
  fetchLeadDetail,
  LEAD_STAGES,
  type Lead,
  type LeadDetail,
  type CallRecord,
  type LeadStage,
  type VisitChange,
} from '#src/lib/api/leads.ts'
import {OwnerControl} from './OwnerControl.tsx'
import {ownerName} from '#src/lib/api/owners.ts'
import {useLoaded} from '#src/lib/use-loaded.ts'

interface LeadDetailPanelProps {
  id: string
  siteNames: ReadonlyMap<string, string>
  onClose(): void
  /** The lead as changed, for the list to show. */
  onChanged(lead: Lead): void
  /** Opens another registration of the same person. */
  onOpen(id: string): void
}

const ATTRIBUTION: Array<[keyof Lead['attribution'], string]> = [
  ['utmSource', '유입 매체(utm_source)'],
  ['utmMedium', '유입 방식(utm_medium)'],
  ['utmCampaign', '캠페인(utm_campaign)'],
  ['utmTerm', '키워드(utm_term)'],
  ['utmContent', '광고 소재(utm_content)'],
  ['landingPath', '첫 방문 페이지'],
  ['referrerHost', '이전 사이트'],
]

/** A change of the visit as the lead's history tells it. */
function visitChangeText({change, from, to}: VisitChange): string {
  const at = (start: string | null) => (start ? formatVisitAt(start) : '')
  if (change === 'move') return `방문 일시 변경: ${at(from)} → ${at(to)}`
  if (change === 'cancel') return `방문 예약 취소 (${at(from)})`
  if (change === 'book') return `방문 예약: ${at(to)}`
  if (change === 'walk-in') return '예약 없이 방문: 현장에서 등록하고 방문 확인'
  if (change === 'no-show') return `노쇼: ${at(from)} 예약에 방문하지 않음`
  if (change === 'confirm') return '방문 예정 확인(방문 확인 버튼)'
  return '견본주택 방문 확인(도착)'
}

/** A call as the lead's history tells it. */
function callText({outcome, callbackAt}: CallRecord): string {
  const asked = callbackAt ? ` (${formatLeadTime(callbackAt)}에 다시 전화)` : ''
  return `통화 결과: ${CALL_OUTCOME_LABELS[outcome]}${asked}`
}

/** Who made a change, as the history names them. */
const whoLabel = (actor: string | null): string =>
  actor === null ? '방문객(예약 확인 링크)' : actor === NO_SHOW_JOB_ACTOR ? '자동 처리' : actor

/** One lead as staff open it: what the visitor gave, where they came from, what happened since. */
export function LeadDetailPanel({id, siteNames, onClose, onChanged, onOpen}: LeadDetailPanelProps) {
  const [error, setError] = useState<string | null>(null)
  const [fields, setFields] = useState<Record<string, string>>({})
  const [stage, setStage] = useState<LeadStage>('new')
  const [note, setNote] = useState('')
  const [saving, setSaving] = useState(false)
  const [saved, setSaved] = useState<string | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const loaded = useLoaded(() => fetchLeadDetail(id), [id], {
    onLoaded: (result) => {
      // Another lead opened: a save's failure belonged to the one before.
      setError(null)
      setStage(result.lead.stage)
      heading.current?.focus()
    },
  })
  const detail = loaded.data
  const setDetail = loaded.setData

  /** After a change of owner: the lead read again, for its history and the list. */
  async function reload() {
    const result = await fetchLeadDetail(id)
    if (!result.ok) return setError(result.error)
    setDetail(result)
    onChanged(result.lead)
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!detail) return
    const change = {
      ...(stage !== detail.lead.stage ? {stage} : {}),
      ...(note.trim() ? {note} : {}),
    }
    setSaved(null)
    setSaving(true)
    const result = await changeLead(id, change)
    setSaving(false)
    if (!result.ok) {
      setError(result.error)
      setFields(result.fields ?? {})
      return
    }
    setError(null)
    setFields({})
    setNote('')
    setDetail(result)
    onChanged(result.lead)
    setSaved('저장했습니다.')
  }

  function onCalled(result: LeadDetail) {
    setDetail({ok: true, ...result})
    // A connected call may have moved the stage: the select shows the stage now.
    setStage(result.lead.stage)
    onChanged(result.lead)
  }

  const lead = detail?.lead
  return (
    <section className="lead-detail" aria-labelledby="lead-detail-title">
      <div className="lead-detail-head">
        <h2 id="lead-detail-title" ref={heading} tabIndex={-1}>
          {lead ? `${lead.name} · ${lead.receipt}` : '문의 상세'}
        </h2>
        <button type="button" onClick={onClose}>
          닫기
        </button>
      </div>
      <FormError message={loaded.error ?? error} />
      {!lead ? (
        loaded.error ? null : (
          <p className="leads-loading">불러오는 중...</p>
        )
      ) : (
        <>
          <dl className="lead-fields">
            <div>
              <dt>접수일시</dt>
              <dd>{formatLeadTime(lead.createdAt)}</dd>
            </div>
            <div>
              <dt>현장</dt>
              <dd>{siteNames.get(lead.site) ?? lead.site}</dd>
            </div>
            <div>
              <dt>경로</dt>
              <dd>{SOURCE_LABELS[lead.source] ?? lead.source}</dd>
            </div>
            <div>
              <dt>연락처</dt>
              <dd>{lead.phone}</dd>
            </div>
            <div>
              <dt>마지막 연락</dt>
              <dd>{lead.lastContactAt ? formatLeadTime(lead.lastContactAt) : '아직 없음'}</dd>
            </div>
            {lead.callbackAt ? (
              <div>
                <dt>재통화 예정</dt>
                <dd>{formatLeadTime(lead.callbackAt)}</dd>
              </div>
            ) : null}
            <div>
              <dt>방문 예약</dt>
              <dd>
                {lead.visit
                  ? `${formatVisitAt(lead.visit.start)}${lead.visit.status === 'cancelled' ? ' (취소)' : ''}`
                  : '-'}
              </dd>
            </div>
            {lead.message ? (
              <div className="lead-fields-wide">
                <dt>문의 내용</dt>
                <dd>{lead.message}</dd>
              </div>
            ) : null}
            <div>
              <dt>마케팅 수신</dt>
              <dd>{marketingConsentLabel(lead)}</dd>
            </div>
            <div>
              <dt>전달 상태</dt>
              <dd>
                {STATUS_LABELS[lead.delivery.status]} ({lead.delivery.attempts}회 시도)
                {lead.delivery.lastError ? ` · ${lead.delivery.lastError}` : ''}
              </dd>
            </div>
            {lead.textsWithheld ? (
              <div>
                <dt>안내 문자</dt>
                <dd>{TEXTS_WITHHELD_LABELS[lead.textsWithheld]}</dd>
              </div>
            ) : null}
            {lead.doubt ? (
              <div>
                <dt>확인 필요</dt>
                <dd>{DOUBT_LABELS[lead.doubt]}</dd>
              </div>
            ) : null}
            {lead.visitRefused ? (
              <div>
                <dt>방문 예약 요청</dt>
                <dd>{VISIT_REFUSED_LABELS[lead.visitRefused]}</dd>
              </div>
            ) : null}
            {lead.spam ? (
              <div>
                <dt>스팸 사유</dt>
                <dd>{SPAM_LABELS[lead.spam]}</dd>
              </div>
            ) : null}
            {ATTRIBUTION.filter(([key]) => lead.attribution[key]).map(([key, label]) => (
              <div key={key}>
                <dt>{label}</dt>
                <dd>{lead.attribution[key]}</dd>
              </div>
            ))}
          </dl>

          <OwnerControl key={lead.id} leadId={lead.id} onChanged={() => void reload()} />
          <LeadVisitControl key={`visit-${lead.id}`} lead={lead} onChanged={() => void reload()} />
          <CallOutcomeButtons lead={lead} onRecorded={onCalled} />

          <form className="lead-pipeline" onSubmit={(event) => void onSubmit(event)}>
            <div className="form-field">
              <label htmlFor="lead-stage">상태</label>
              <select
                id="lead-stage"
                value={stage}
                onChange={(event) => setStage(event.target.value as LeadStage)}
                {...errorAttributes('lead-stage-error', fields.stage)}
              >
                {LEAD_STAGES.map((value) => (
                  <option key={value} value={value}>
                    {STAGE_LABELS[value]}
                  </option>
                ))}
              </select>
              <FieldError id="lead-stage-error" message={fields.stage} />
            </div>
            <div className="form-field">
              <label htmlFor="lead-note">메모 추가</label>
              <textarea
                id="lead-note"
                rows={3}
                maxLength={2000}
                value={note}
                onChange={(event) => setNote(event.target.value)}
                {...errorAttributes('lead-note-error', fields.note)}
              />
              <FieldError id="lead-note-error" message={fields.note} />
            </div>
            <button type="submit" disabled={saving || (stage === lead.stage && note.trim() === '')}>
              {saving ? '저장 중...' : '저장'}
            </button>
            <p role="status" className="leads-notice">
              {saved}
            </p>
          </form>

          <h3>메모와 진행 기록</h3>
          {detail.notes.length +
            detail.stages.length +
            detail.visitChanges.length +
            detail.owners.length +
            detail.calls.length ===
          0 ? (
            <p className="lead-muted">아직 기록이 없습니다.</p>
          ) : (
            <ul className="lead-history">
              {[
                // A check-in or a call comes before the stage it moves.
                ...detail.visitChanges.map((change) => ({
                  at: change.at,
                  who: whoLabel(change.actor),
                  text: visitChangeText(change),
                })),
                ...detail.calls.map((call) => ({
                  at: call.at,
                  who: call.actor,
                  text: callText(call),
                })),
                ...detail.stages.map((change) => ({
                  at: change.at,
                  who: whoLabel(change.actor),
                  text: `상태 ${STAGE_LABELS[change.from]} → ${STAGE_LABELS[change.to]}`,
                })),
                ...detail.owners.map((change) => ({
                  at: change.at,
                  who: change.actor,
                  text: `담당자 ${change.from ? ownerName(change.from) : '배정 전'} → ${ownerName(change.to)}`,
                })),
                ...detail.notes.map((item) => ({at: item.at, who: item.author, text: item.text})),
              ]
                .sort((a, b) => a.at.localeCompare(b.at))
                .map((item, index) => (
                  <li key={index}>
                    <span className="lead-muted">
                      {formatLeadTime(item.at)} · {item.who}
                    </span>
                    <p>{item.text}</p>
                  </li>
                ))}
            </ul>
          )}

          <h3>보낸 문자</h3>
          {detail.texts.length === 0 ? (
            <p className="lead-muted">보낸 문자가 없습니다.</p>
          ) : (
            <ul className="lead-history">
              {detail.texts.map((text, index) => (
                <li key={index}>
                  <span className="lead-muted">{formatLeadTime(text.createdAt)}</span>
                  <p>{text.text}</p>
                </li>
              ))}
            </ul>
          )}

          {detail.related.length > 0 ? (
            <>
              <h3>같은 분의 다른 등록 (30일 이내)</h3>
              <ul className="lead-history">
                {detail.related.map((other) => (
                  <li key={other.id}>
                    <button type="button" className="lead-open" onClick={() => onOpen(other.id)}>
                      {formatLeadTime(other.createdAt)} · {other.receipt} ·{' '}
                      {SOURCE_LABELS[other.source] ?? other.source} · {STAGE_LABELS[other.stage]}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </section>
  )
}
