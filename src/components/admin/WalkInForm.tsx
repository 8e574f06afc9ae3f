import {useId, useState, type FormEvent} from 'react'
import {CONSENT_LABEL} from '#src/components/registration/ConsentFields.tsx'
import {ConsentNoticeList} from '#src/components/registration/ConsentNoticeList.tsx'
import type {ConsentNotice} from '#src/lib/registration/consent.ts'
import {useDeskSite} from './useDeskSite.tsx'
import {errorAttributes, FieldError} from '#src/components/forms/FieldError.tsx'
import type {WalkInBody} from '#src/lib/api/staff-visits.ts'

export interface WalkInOutcome {
  ok: boolean
  message: string
  fields?: Record<string, string>
}

interface WalkInFormProps {
  sites: ReadonlyArray<{slug: string | null; name: string | null}>
  /** The site the schedule shows ('' for all): the form asks for one only then. */
  site: string
  /** What the consent covers, from the privacy content (the site's own forms show the same). */
  consent: ConsentNotice | null
  /** Registers the visitor; the key is the same for a form sent twice. */
  onRegister(body: WalkInBody, key: string): Promise<WalkInOutcome>
}

const EMPTY = {name: '', phone: '', consent: false}

/**
 * 예약 없이 오신 방문객: the desk registers a visitor without a booking, who reads what the
 * consent covers and ticks it on the staff's device. Folded until needed.
 */
export function WalkInForm({sites, site, consent, onRegister}: WalkInFormProps) {
  const id = useId()
  const [values, setValues] = useState(EMPTY)
  const [key, setKey] = useState(() => crypto.randomUUID())
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<WalkInOutcome | null>(null)
  const {target, choice} = useDeskSite(sites, site)
  const fieldError = (field: string) => (outcome?.ok ? undefined : outcome?.fields?.[field])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setBusy(true)
    const result = await onRegister(
      {site: target, ...values, consentVersion: consent?.version ?? undefined},
      key,
    )
    setBusy(false)
    setOutcome(result)
    if (result.ok) {
      setValues(EMPTY)
      setKey(crypto.randomUUID())
    }
  }

  const field = (name: 'name' | 'phone', label: string, extra: object) => (
    <div className="walk-in-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        value={values[name]}
        onChange={(event) => setValues({...values, [name]: event.target.value})}
        required
        {...errorAttributes(`${id}-${name}-error`, fieldError(name))}
        {...extra}
      />
      <FieldError id={`${id}-${name}-error`} message={fieldError(name)} className="is-error" />
    </div>
  )

  return (
    <details className="walk-in">
      <summary>예약 없이 오신 방문객 등록</summary>
      <form onSubmit={(event) => void submit(event)}>
        {choice}
        {field('name', '이름', {autoComplete: 'off', maxLength: 30})}
        {field('phone', '연락처', {type: 'tel', inputMode: 'tel', autoComplete: 'off'})}
        <fieldset className="walk-in-consent">
          <legend>방문객 본인이 읽고 체크해 주세요.</legend>
          <ConsentNoticeList notice={consent} />
          <label className="walk-in-consent-choice">
            <input
              type="checkbox"
              checked={values.consent}
              onChange={(event) => setValues({...values, consent: event.target.checked})}
              required
              {...errorAttributes(`${id}-consent-error`, fieldError('consent'))}
            />
            {CONSENT_LABEL}
          </label>
          <FieldError
            id={`${id}-consent-error`}
            message={fieldError('consent')}
            className="is-error"
          />
        </fieldset>
        <button type="submit" disabled={busy}>
          {busy ? '등록 중…' : '방문 등록'}
        </button>
        <p role="status" className={outcome && !outcome.ok ? 'is-error' : ''}>
          {outcome?.message ?? ''}
        </p>
      </form>
    </details>
  )
}
