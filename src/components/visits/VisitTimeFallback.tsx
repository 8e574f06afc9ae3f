import {REGISTRATION_TIME_PATH, type FormSource} from '#shared/leads/registration-contract.ts'

/**
 * The visit time of a form without JavaScript: a generated page cannot know the seats left
 * now, so it leads to the time page, which is served with them. The time page's own form
 * has this block replaced by the times (netlify/functions/registration-time.mts).
 */
export function VisitTimeFallback({site, source}: {site: string; source: FormSource}) {
  const timePage = `${REGISTRATION_TIME_PATH}?${new URLSearchParams({site, source})}`
  return (
    <div className="form-field visit-time-fallback">
      <p className="visit-time-fallback-title">
        방문 희망 일시 <span className="optional-mark">(선택)</span>
      </p>
      <p>
        <a href={timePage}>예약 가능한 시간과 남은 자리 보기</a>에서 시간을 골라 예약하실 수
        있습니다. 시간 없이 등록하시면 상담사가 연락드려 방문 일정을 잡아 드립니다.
      </p>
    </div>
  )
}
