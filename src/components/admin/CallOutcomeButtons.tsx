import {useEffect, useId, useRef, useState, type FormEvent} from 'react'
import {CALL_OUTCOME_LABELS, type CallOutcome} from '#shared/leads/calls.ts'
import {kstDateTime} from '#shared/korea-time.ts'
import {errorAttributes, FieldError} from '#src/components/forms/FieldError.tsx'
import {FormError} from '#src/components/forms/FormError.tsx'
import {formatLeadTime, telHref} from './lead-labels.ts'
import {recordCall, type Lead, type LeadDetail} from '#src/lib/api/leads.ts'

interface CallOutcomeButtonsProps {
  lead: Pick<Lead, 'id' | 'name' | 'phone'>
  /** The lead as opened afresh once the call is recorded, and the words that said so. */
  onRecorded(detail: LeadDetail, message: string): void
}

const HOUR_MS = 60 * 60 * 1000

const RECORDED: Record<CallOutcome, string> = {
  connected: '연결된 통화를 기록했습니다.',
  'no-answer': '부재중 통화를 기록했습니다.',
  callback: '재통화 요청을 기록했습니다.',
}

/** The call back a form offers first: the next full hour after one from now, in Seoul. */
const suggestedCallback = (now: number): string =>
  kstDateTime(Math.ceil((now + HOUR_MS) / HOUR_MS) * HOUR_MS).replace(' ', 'T')

/**
 * A tap-to-call link and the call's outcome in one tap (통화 결과: 연결, 부재), or a call back
 * asked for with its time. Used wherever staff call a lead from: the lead's panel, and a day's
 * calls to make.
 */
export function CallOutcomeButtons({lead, onRecorded}: CallOutcomeButtonsProps) {
  const id = useId()
  const [asking, setAsking] = useState(false)
  const [callbackAt, setCallbackAt] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [fieldError, setFieldError] = useState<string | undefined>()
  const [done, setDone] = useState<string | null>(null)
  const time = useRef<HTMLInputElement>(null)
  // Asking for a call back goes straight to its time.
  useEffect(() => {
    if (asking) time.current?.focus()
  }, [asking])

  async function record(outcome: CallOutcome, at?: string) {
    setBusy(true)
    setDone(null)
    // The field holds Seoul's wall-clock time: the workspace is used in Korea.
    const result = await recordCall(
      lead.id,
      at ? {outcome, callbackAt: `${at}:00+09:00`} : {outcome},
    )
    setBusy(false)
    if (!result.ok) {
      setError(result.error)
      setFieldError(result.fields?.callbackAt)
      return
    }
    setError(null)
    setFieldError(undefined)
    setAsking(false)
    const {callbackAt: asked} = result.lead
    const message =
      outcome === 'callback' && asked
        ? `재통화 요청을 기록했습니다. ${formatLeadTime(asked)}에 다시 전화하세요.`
        : RECORDED[outcome]
    setDone(message)
    onRecorded(result, message)
  }

  function onAsk() {
    if (!asking) setCallbackAt(suggestedCallback(Date.now()))
    setAsking(!asking)
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    void record('callback', callbackAt)
  }

  return (
    <div className="call-outcomes" role="group" aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="call-outcomes-title">
        통화 결과
      </p>
      <div className="call-outcomes-row">
        <a className="call-outcomes-tel" href={telHref(lead.phone)}>
          <span aria-hidden="true">☎</span> {lead.phone} 전화 걸기
        </a>
        <button type="button" disabled={busy} onClick={() => void record('connected')}>
          {CALL_OUTCOME_LABELS.connected}
        </button>
        <button type="button" disabled={busy} onClick={() => void record('no-answer')}>
          {CALL_OUTCOME_LABELS['no-answer']}
        </button>
        <button
          type="button"
          disabled={busy}
          aria-expanded={asking}
          aria-controls={`${id}-callback`}
          onClick={onAsk}
        >
          {CALL_OUTCOME_LABELS.callback}
        </button>
      </div>
      <form
        id={`${id}-callback`}
        className="call-outcomes-callback"
        hidden={!asking}
        onSubmit={onSubmit}
      >
        <div className="form-field">
          <label htmlFor={`${id}-at`}>다시 전화할 시각</label>
          <input
            id={`${id}-at`}
            ref={time}
            type="datetime-local"
            required
            step={600}
            value={callbackAt}
            onChange={(event) => setCallbackAt(event.target.value)}
            {...errorAttributes(`${id}-at-error`, fieldError)}
          />
          <FieldError id={`${id}-at-error`} message={fieldError} />
        </div>
        <button type="submit" disabled={busy}>
          {busy ? '기록 중...' : '재통화 요청 기록'}
        </button>
      </form>
      <FormError message={fieldError ? null : error} />
      <p role="status" className="leads-notice">
        {done}
      </p>
    </div>
  )
}
