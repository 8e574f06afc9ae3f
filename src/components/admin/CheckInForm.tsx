import {useState, type FormEvent} from 'react'

interface CheckInFormProps {
  sites: ReadonlyArray<{slug: string | null; name: string | null}>
  /** The site the schedule shows ('' for all): the form asks for one only then. */
  site: string
  /** Checks the visitor in; answers the words to announce. */
  onCheckIn(by: {site: string; code: string}): Promise<{ok: boolean; message: string}>
}

/**
 * 도착 확인 at the model house's door: the 4-digit code the visitor's page shows today,
 * typed by the staff member. The outcome is announced in the form's own live region.
 */
export function CheckInForm({sites, site, onCheckIn}: CheckInFormProps) {
  const [chosenSite, setChosenSite] = useState('')
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ok: boolean; message: string} | null>(null)
  const named = sites.filter((option) => option.slug)
  const target = site || chosenSite || (named.length === 1 ? named[0]!.slug! : '')

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setBusy(true)
    const outcome = await onCheckIn({site: target, code: code.trim()})
    setBusy(false)
    setResult(outcome)
    if (outcome.ok) setCode('')
  }

  return (
    <form className="check-in-form" onSubmit={(event) => void submit(event)}>
      <h2>도착 확인</h2>
      {!site && named.length > 1 ? (
        <label>
          현장
          <select
            value={chosenSite}
            onChange={(event) => setChosenSite(event.target.value)}
            required
          >
            <option value="">선택</option>
            {named.map((option) => (
              <option key={option.slug} value={option.slug!}>
                {option.name ?? option.slug}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label>
        도착 확인 번호
        <input
          value={code}
          onChange={(event) => setCode(event.target.value)}
          inputMode="numeric"
          autoComplete="off"
          pattern="[0-9]{4}"
          maxLength={4}
          required
          aria-describedby="check-in-hint"
        />
      </label>
      <button type="submit" disabled={busy}>
        {busy ? '확인 중…' : '방문 확인'}
      </button>
      <p id="check-in-hint" className="lead-muted">
        방문객의 예약 확인 화면에 오늘 표시되는 숫자 4자리입니다.
      </p>
      <p role="status" className={result && !result.ok ? 'is-error' : ''}>
        {result?.message ?? ''}
      </p>
    </form>
  )
}
