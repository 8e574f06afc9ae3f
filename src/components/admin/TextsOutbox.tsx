import {useState, type FormEvent} from 'react'
import {formatLeadTime} from './lead-labels.ts'
import {RefusalForm} from './RefusalForm.tsx'
import {fetchTexts} from '#src/lib/api/staff-visits.ts'
import {useLoaded} from '#src/lib/use-loaded.ts'
import type {OutboxKind} from '#shared/texts/render.ts'
import type {OutboxStatus, OutboxText} from '#shared/texts/outbox-list.ts'

const KIND_LABELS: Record<OutboxKind, string> = {
  confirmation: '예약 확인',
  acknowledgement: '접수 안내',
  reminder: '전날 알림',
  cancelled: '취소 안내',
  moved: '변경 안내',
  advert: '광고',
  'staff-alert': '직원 알림',
  'waitlist-offer': '대기 자리 안내',
  'no-show': '노쇼 안내',
  'consent-reminder': '수신 동의 확인',
  verification: '인증번호',
  'request-answer': '요청 답변',
}

const STATUS_LABELS: Record<OutboxStatus, string> = {
  queued: '대기',
  sent: '발송됨',
  kept: '보관(미발송)',
  failed: '실패',
  refused: '거부됨',
  skipped: '건너뜀',
  cancelled: '취소(수신거부)',
}

/** A staff alert is cancelled for another reason: its number left the site's list. */
const statusLabel = (message: OutboxText): string =>
  message.kind === 'staff-alert' && message.status === 'cancelled'
    ? '취소(알림 번호에서 빠짐)'
    : (STATUS_LABELS[message.status] ?? message.status)

/**
 * Why a refused or failed text did not go (the cancelled ones say it in their label):
 * the provider's reason, or the outbox's own (the number's daily budget).
 */
const statusReason = (message: OutboxText): string | null =>
  message.status === 'refused' || message.status === 'failed' ? message.reason : null

/**
 * An SMS holds 90 bytes as Korean carriers count them (a Hangul character is 2); more is an LMS.
 */
export function textType(text: string): 'SMS' | 'LMS' {
  let bytes = 0
  for (const character of text) bytes += character.charCodeAt(0) > 0x7f ? 2 : 1
  return bytes > 90 ? 'LMS' : 'SMS'
}

/** 문자 발송함: the texts as the recipient's phone shows them, optionally for one number. */
export function TextsOutbox({sender}: {sender: string | null}) {
  const [to, setTo] = useState('')
  const [query, setQuery] = useState('')
  const texts = useLoaded(() => fetchTexts(query), [query])
  const items = texts.data?.items ?? null

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    // Asking again for the same number shows what arrived since.
    if (to === query) texts.reload()
    else setQuery(to)
  }

  return (
    <div className="outbox">
      <form className="outbox-filter" onSubmit={onSubmit} role="search">
        <label>
          받는 번호
          <input
            type="tel"
            inputMode="numeric"
            placeholder="010-1234-5678"
            value={to}
            onChange={(event) => setTo(event.target.value)}
          />
        </label>
        <button type="submit">조회</button>
        {query ? (
          <button
            type="button"
            onClick={() => {
              setTo('')
              setQuery('')
            }}
          >
            전체 보기
          </button>
        ) : null}
      </form>
      <RefusalForm onRecorded={texts.reload} />
      <div role="status" className="leads-notice">
        {texts.error ?? (texts.state === 'loading' ? '불러오는 중...' : '')}
      </div>
      {items && items.length === 0 ? <p className="leads-empty">보낸 문자가 없습니다.</p> : null}
      {items && items.length > 0 ? (
        <ol className="outbox-list">
          {items.map((message, index) => (
            <li key={`${message.createdAt}-${message.to}-${message.kind}-${index}`}>
              <p className="outbox-meta">
                <span className="outbox-to">받는 사람 {message.to}</span>
                <span className={`outbox-status is-${message.status}`}>{statusLabel(message)}</span>
                {statusReason(message) ? (
                  <span className="outbox-reason">{statusReason(message)}</span>
                ) : null}
              </p>
              <div className="outbox-phone">
                <p className="outbox-sender">{sender ?? '발신번호'}</p>
                <div className="outbox-bubble">
                  <span className="outbox-type">
                    [{textType(message.text)}] {KIND_LABELS[message.kind] ?? message.kind}
                  </span>
                  <p>{message.text}</p>
                </div>
                <time className="outbox-time" dateTime={message.createdAt}>
                  {formatLeadTime(message.createdAt)}
                </time>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  )
}
