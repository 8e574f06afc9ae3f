import {fetchRequests} from '#src/lib/api/requests.ts'
import {useLoaded} from '#src/lib/use-loaded.ts'
import {deadlineLabel} from './request-deadline.ts'

/** The dashboard's line of the 요청 처리 queue: how many wait, and the nearest deadline. */
export function OpenRequestsNotice({onOpen}: {onOpen: () => void}) {
  const queue = useLoaded(fetchRequests, []).data
  if (!queue) return null
  const nearest = queue.nearestDueAt ? deadlineLabel(queue.nearestDueAt) : null
  return (
    <section className="requests-notice" aria-labelledby="requests-notice-heading">
      <h2 id="requests-notice-heading">개인정보 요청</h2>
      {queue.open > 0 && nearest ? (
        <p>
          처리할 요청 <strong>{queue.open}건</strong> · 가장 가까운 답변 기한{' '}
          <strong className={nearest.late ? 'request-due is-late' : 'request-due'}>
            {nearest.text}
          </strong>{' '}
          <button type="button" onClick={onOpen}>
            요청 처리 열기
          </button>
        </p>
      ) : (
        <p>처리할 요청이 없습니다.</p>
      )}
    </section>
  )
}
