import {useState} from 'react'
import {fetchAway, setAway} from '#src/lib/api/owners.ts'
import {useLoaded} from '#src/lib/use-loaded.ts'

/**
 * The signed-in staff member's 자리 비움 mark: while it is on, new leads go to the other
 * counsellors of their site.
 */
export function AwayToggle() {
  const marked = useLoaded(fetchAway, [])
  const away = marked.data?.away ?? null
  const [message, setMessage] = useState<string | null>(null)

  async function toggle() {
    const result = await setAway(!away)
    if (!result.ok) return setMessage(result.error)
    marked.setData(result)
    setMessage(
      result.away
        ? '자리 비움으로 표시했습니다. 돌아오실 때까지 새 문의를 배정하지 않습니다.'
        : '돌아오셨습니다. 새 문의를 다시 차례대로 배정합니다.',
    )
  }

  return (
    <div className="away-toggle">
      <button
        type="button"
        aria-pressed={away === true}
        disabled={away === null}
        onClick={() => void toggle()}
      >
        자리 비움
      </button>
      <p role="status" className="leads-notice">
        {message}
      </p>
    </div>
  )
}
