import {useId, useState, type FormEvent} from 'react'
import {recordRefusal} from '#src/lib/api/refusals.ts'

/**
 * 수신거부 기록: a number that refused advertising texts by phone or in a reply. From then
 * on it gets no advert on any site, and one waiting to it is cancelled.
 */
export function RefusalForm({onRecorded}: {onRecorded: () => void}) {
  const id = useId()
  const [phone, setPhone] = useState('')
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState('')

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    const result = await recordRefusal(phone)
    setBusy(false)
    if (!result.ok) {
      setNotice(result.fields?.phone ?? result.error)
      return
    }
    const cancelled =
      result.cancelled > 0 ? ` 대기 중이던 광고 문자 ${result.cancelled}건을 취소했습니다.` : ''
    setNotice(`${result.phone}의 광고 문자 수신거부를 기록했습니다.${cancelled}`)
    setPhone('')
    onRecorded()
  }

  return (
    <form className="outbox-filter outbox-refusal" onSubmit={(event) => void onSubmit(event)}>
      <label>
        수신거부 번호
        <input
          type="tel"
          inputMode="numeric"
          placeholder="010-1234-5678"
          required
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          aria-describedby={`${id}-notice`}
        />
      </label>
      <button type="submit" disabled={busy}>
        수신거부 기록
      </button>
      <p id={`${id}-notice`} role="status" className="leads-notice">
        {notice}
      </p>
    </form>
  )
}
