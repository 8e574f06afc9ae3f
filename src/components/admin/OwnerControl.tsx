import {useState, type FormEvent} from 'react'
import {changeOwner, fetchOwner, ownerName} from '#src/lib/api/owners.ts'
import {useLoaded} from '#src/lib/use-loaded.ts'

interface OwnerControlProps {
  leadId: string
  /** After a change: the lead's history and the list show the new owner. */
  onChanged(): void
}

/** The lead's owner (담당자) in its panel, and the change of it among the site's staff. */
export function OwnerControl({leadId, onChanged}: OwnerControlProps) {
  const [picked, setPicked] = useState('')
  const [message, setMessage] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const answer = useLoaded(() => fetchOwner(leadId), [leadId], {
    onLoaded: (loaded) => setPicked(loaded.owner ?? ''),
  })
  const owner = answer.data?.owner ?? null
  const choices = answer.data?.choices ?? []

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setSaving(true)
    const result = await changeOwner(leadId, picked)
    setSaving(false)
    if (!result.ok) return setMessage(result.fields?.owner ?? result.error)
    answer.setData(result)
    setMessage(`담당자를 ${ownerName(picked)} 님으로 바꿨습니다.`)
    onChanged()
  }

  return (
    <form className="lead-owner" onSubmit={(event) => void onSubmit(event)}>
      <p>
        담당자: <strong>{owner ? owner : '배정 전'}</strong>
      </p>
      <div className="form-field">
        <label htmlFor="lead-owner">담당자 변경</label>
        <select id="lead-owner" value={picked} onChange={(event) => setPicked(event.target.value)}>
          {owner ? null : <option value="">선택해 주세요</option>}
          {choices.map((choice) => (
            <option key={choice.email} value={choice.email}>
              {choice.email}
              {choice.away ? ' (자리 비움)' : ''}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" disabled={saving || !picked || picked === owner}>
        {saving ? '바꾸는 중...' : '담당자 바꾸기'}
      </button>
      <p role="status" className="leads-notice">
        {message ?? answer.error}
      </p>
    </form>
  )
}
