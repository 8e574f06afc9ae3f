import {useId, useRef, useState} from 'react'
import {VisitTimePicker} from '#src/components/visits/VisitTimePicker.tsx'
import {type VisitSlot} from '#src/lib/visits/slots.ts'
import {formatVisitAt} from '#shared/visits/visit-time.ts'
import {authorized, jsonResult, type Lead} from '#src/lib/api/leads.ts'
import {VISIT_STATUS_LABELS} from '#shared/leads/labels.ts'

type Step = 'view' | 'choose' | 'confirmCancel'

/** Books, moves or cancels a lead's visit for a caller on the phone (POST …/visit). */
async function changeVisit(id: string, body: Record<string, unknown>) {
  return jsonResult<{visit: {start: string; status: 'booked' | 'cancelled'} | null}>(
    await authorized(`/api/admin/leads/${encodeURIComponent(id)}/visit`, {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify(body),
    }),
  )
}

/**
 * 방문 예약 in the lead's panel: the visit as it stands, and for a caller on the phone 방문 예약
 * (a lead without one), 일시 변경 and 예약 취소, with the site's own picker. The visitor is
 * texted as if they had done it themselves.
 */
export function LeadVisitControl({
  lead,
  onChanged,
}: {
  lead: Pick<Lead, 'id' | 'site' | 'visit'>
  onChanged(): void
}) {
  const id = useId()
  const [step, setStep] = useState<Step>('view')
  const [start, setStart] = useState('')
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<{ok: boolean; text: string} | null>(null)
  const [suggestions, setSuggestions] = useState<VisitSlot[]>([])
  const [refresh, setRefresh] = useState(0)
  const opener = useRef<HTMLButtonElement>(null)
  const {visit} = lead
  const changeable = visit?.status === 'booked' && Date.parse(visit.start) > Date.now()

  async function send(body: Record<string, unknown>, done: string) {
    setBusy(true)
    const result = await changeVisit(lead.id, body)
    setBusy(false)
    if (!result.ok) {
      const slots = (result as {slots?: VisitSlot[]}).slots
      if (slots) {
        setSuggestions(slots)
        setRefresh((count) => count + 1)
      }
      setMessage({ok: false, text: result.error})
      return
    }
    setMessage({ok: true, text: done})
    setStep('view')
    setStart('')
    onChanged()
    opener.current?.focus()
  }

  return (
    <section className="lead-visit-control" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>방문 예약</h3>
      <p>
        {visit
          ? `${formatVisitAt(visit.start)} · ${VISIT_STATUS_LABELS[visit.status]}`
          : '잡힌 예약 없음'}
      </p>
      {step === 'view' ? (
        <div className="lead-visit-actions">
          {!visit || changeable ? (
            <button ref={opener} type="button" onClick={() => setStep('choose')}>
              {visit ? '일시 변경' : '방문 예약'}
            </button>
          ) : null}
          {changeable ? (
            <button type="button" onClick={() => setStep('confirmCancel')}>
              예약 취소
            </button>
          ) : null}
        </div>
      ) : step === 'confirmCancel' ? (
        <div className="lead-visit-actions" role="group" aria-label="예약 취소 확인">
          <p>방문객에게 취소 안내 문자가 갑니다. 취소할까요?</p>
          <button
            type="button"
            disabled={busy}
            onClick={() => void send({action: 'cancel'}, '예약을 취소했습니다.')}
          >
            취소 확정
          </button>
          <button type="button" onClick={() => setStep('view')}>
            돌아가기
          </button>
        </div>
      ) : (
        <form
          className="lead-visit-choose"
          onSubmit={(event) => {
            event.preventDefault()
            void send(
              {action: visit ? 'move' : 'book', visitAt: start},
              visit ? '방문 일시를 바꿨습니다.' : '방문을 예약했습니다.',
            )
          }}
        >
          <VisitTimePicker
            site={lead.site}
            value={start}
            onChange={setStart}
            id={`${id}-time`}
            allowUndecided={false}
            legend={visit ? '바꿀 방문 일시' : '방문 일시'}
            current={visit?.status === 'booked' ? visit.start : undefined}
            suggestions={suggestions}
            refresh={refresh}
          />
          <div className="lead-visit-actions">
            <button type="submit" disabled={busy || !start}>
              {visit ? '변경 저장' : '예약'}
            </button>
            <button type="button" onClick={() => setStep('view')}>
              닫기
            </button>
          </div>
        </form>
      )}
      <p role="status" className={message && !message.ok ? 'is-error' : 'leads-notice'}>
        {message?.text ?? ''}
      </p>
    </section>
  )
}
