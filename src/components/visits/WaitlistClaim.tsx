import {useEffect, useRef, useState} from 'react'
import {useNavigate} from 'react-router'
import {kstTime} from '#shared/korea-time.ts'
import {OFFER_MINUTES, WAITLIST_MESSAGES, type WaitlistView} from '#shared/visits/waitlist.ts'
import {formatVisitAt} from '#shared/visits/visit-time.ts'
import {claimWaitlistSeat} from '#src/lib/api/waitlist.ts'

const STATUS_LABELS: Record<WaitlistView['status'], string> = {
  waiting: '대기 중',
  offered: '자리 잡아 둠',
  claimed: '예약 확정',
  expired: '확정 시간 지남',
}

const NETWORK_ERROR = '연결이 원활하지 않아 처리하지 못했습니다. 잠시 후 다시 시도해 주세요.'

/** `12분 05초`: the time left of a held seat. */
function leftText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000))
  const minutes = Math.floor(seconds / 60)
  return `${minutes}분 ${String(seconds % 60).padStart(2, '0')}초`
}

/** The milliseconds until `at` (ISO), ticking every second while there are any. */
function useTimeLeft(at: string | undefined): number | null {
  const [now, setNow] = useState(() => Date.now())
  const end = at ? Date.parse(at) : null
  useEffect(() => {
    if (end === null) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [end])
  return end === null ? null : Math.max(0, end - now)
}

/**
 * A waiting-list entry from its link: where it stands while waiting; while a seat is held
 * for it, the time, the time left and 예약 확정 (from the link texted to the number only);
 * once claimed, the visitor's own page of the booking, which it goes to.
 */
export function WaitlistClaim({token, initial}: {token: string; initial: WaitlistView}) {
  const [entry, setEntry] = useState(initial)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const navigate = useNavigate()
  const left = useTimeLeft(entry.status === 'offered' ? entry.expiresAt : undefined)
  const status = entry.status === 'offered' && left === 0 ? 'expired' : entry.status

  async function claim(): Promise<void> {
    setBusy(true)
    setError(null)
    const answer = await claimWaitlistSeat(token)
    setBusy(false)
    if (answer.kind === 'ok') {
      setEntry(answer.entry)
      if (answer.entry.manageUrl) void navigate(answer.entry.manageUrl, {replace: true})
      return
    }
    setError(answer.kind === 'refused' ? answer.error : NETWORK_ERROR)
    heading.current?.focus()
  }

  return (
    <article className="visit-booking waitlist-claim">
      <h1 ref={heading} tabIndex={-1}>
        {status === 'offered' ? '자리가 났습니다' : '방문 대기 신청 확인'}
      </h1>
      <p className="visit-booking-site">{entry.siteName}</p>
      <p className={`visit-status is-waitlist-${status}`}>{STATUS_LABELS[status]}</p>
      <dl className="visit-facts">
        <dt>신청자</dt>
        <dd>{entry.name}</dd>
        <dt>방문 일시</dt>
        <dd className="visit-facts-at">{formatVisitAt(entry.start)}</dd>
        {status === 'offered' && entry.expiresAt ? (
          <>
            <dt>확정 마감</dt>
            <dd>
              {kstTime(Date.parse(entry.expiresAt))}까지{' '}
              <span className="waitlist-left">(남은 시간 {leftText(left ?? 0)})</span>
            </dd>
          </>
        ) : null}
      </dl>
      {status === 'waiting' ? (
        <p className="visit-book-offer">
          {entry.ahead ? `앞에 ${entry.ahead}명이 기다리고 있습니다. ` : '대기 순서 1번입니다. '}
          자리가 나면 신청하신 번호로 문자를 보내 드리고, {OFFER_MINUTES}분 동안 자리를 잡아 둡니다.
        </p>
      ) : null}
      {status === 'offered' ? (
        <p className="visit-book-offer">
          {OFFER_MINUTES}분 안에 확정하지 않으시면 자리가 다음 대기자에게 넘어갑니다.
        </p>
      ) : null}
      {status === 'expired' ? (
        <p className="visit-book-offer">
          {WAITLIST_MESSAGES.expired}{' '}
          <a href={`/${encodeURIComponent(entry.site)}/customer`}>방문 예약 페이지</a>에서 다른
          시간을 골라 주세요.
        </p>
      ) : null}
      {status === 'claimed' && entry.manageUrl ? (
        <p className="visit-book-offer">
          예약이 확정되었습니다. <a href={entry.manageUrl}>예약 확인·변경 페이지</a>에서 확인하실 수
          있습니다.
        </p>
      ) : null}
      <div className="visit-notice" role="status" aria-live="polite">
        {error ? <p className="is-error">{error}</p> : null}
      </div>
      {status === 'offered' ? (
        entry.owner ? (
          <div className="visit-actions">
            <button
              type="button"
              className="visit-primary"
              disabled={busy}
              onClick={() => void claim()}
            >
              {busy ? '확정하는 중…' : '예약 확정'}
            </button>
          </div>
        ) : (
          <p className="visit-book-offer">{WAITLIST_MESSAGES.notOwner}</p>
        )
      ) : null}
    </article>
  )
}
