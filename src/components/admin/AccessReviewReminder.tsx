import {useEffect, useState} from 'react'
import {monthLabel} from './access-labels.ts'
import {fetchReviewDue} from '#src/lib/api/access.ts'

/**
 * The dashboard's reminder, for administrators, while last month's access record waits for
 * its review.
 */
export function AccessReviewReminder({onOpen}: {onOpen: () => void}) {
  const [due, setDue] = useState<string | null>(null)

  useEffect(() => {
    let current = true
    void fetchReviewDue().then((result) => {
      if (current && result.ok && result.due) setDue(result.month)
    })
    return () => {
      current = false
    }
  }, [])

  if (!due) return null
  return (
    <section className="access-reminder" aria-label="접속기록 점검 알림">
      <p>
        <strong>{monthLabel(due)} 접속기록을 아직 점검하지 않았습니다.</strong> 개인정보를 누가 언제
        보았는지 매달 한 번 이상 확인해야 합니다.
      </p>
      <button type="button" onClick={onOpen}>
        접속기록 점검 열기
      </button>
    </section>
  )
}
