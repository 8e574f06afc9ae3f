import {monthLabel} from './access-labels.ts'
import {fetchReviewDue} from '#src/lib/api/access.ts'
import {useLoaded} from '#src/lib/use-loaded.ts'

/**
 * The dashboard's reminder, for administrators, while last month's access record waits for
 * its review.
 */
export function AccessReviewReminder({onOpen}: {onOpen: () => void}) {
  const review = useLoaded(fetchReviewDue, [])
  const due = review.data?.due ? review.data.month : null

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
