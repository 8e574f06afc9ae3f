import {useRef, useState} from 'react'
import {kstTime} from '#shared/korea-time.ts'
import {type VisitSlot} from '#src/lib/visits/slots.ts'
import {formatVisitAt} from '#shared/visits/visit-time.ts'
import {changeVisit, type VisitAction} from '#src/lib/api/visit.ts'
import type {VisitView} from '#shared/visits/visit-view.ts'
import {VisitTimePicker} from './VisitTimePicker.tsx'
import {RemainingUnits} from './RemainingUnits.tsx'
import {QrCode} from '#src/components/QrCode.tsx'

const STATUS_LABELS: Record<VisitView['status'], string> = {
  booked: '예약 확정',
  cancelled: '예약 취소됨',
  registered: '관심고객 등록',
}

const DONE_MESSAGES: Record<VisitAction, string> = {
  cancel: '방문 예약을 취소했습니다.',
  move: '방문 일시를 변경했습니다.',
  consent: '마케팅 정보 수신 동의를 철회했습니다. 앞으로 광고성 안내를 보내 드리지 않습니다.',
  confirm: '방문 확인을 받았습니다. 예약하신 시간에 뵙겠습니다.',
}
const CONFIRMED_MESSAGE =
  '마케팅 정보 수신 동의를 확인했습니다. 분양 소식과 이벤트를 문자로 안내해 드리겠습니다.'

/** The state the page's badge names: arrival and a no-show before the booking's status. */
function statusLabel(visit: VisitView): {label: string; tone: string} {
  if (visit.arrivedAt) return {label: '방문 완료', tone: 'arrived'}
  if (visit.noShowAt) return {label: '방문하지 않음', tone: 'no-show'}
  return {label: STATUS_LABELS[visit.status], tone: visit.status}
}

const NETWORK_ERROR = '연결이 원활하지 않아 처리하지 못했습니다. 잠시 후 다시 시도해 주세요.'

type Mode = 'view' | 'confirmCancel' | 'move'

/**
 * The visitor's own booking, from their link: what is booked, and what they can do without
 * signing in (confirm they are coming from the day before, cancel after a confirmation, move
 * to another free slot, book again after a cancelled or missed visit, confirm the marketing
 * consent from the link texted to their phone, withdraw it). A registration without a
 * visit shows what was registered, the consent, and the way to book. Every result is
 * announced in one live region. The model house's address stands among the booking's facts
 * unless the page states the house in a block of its own (`houseShownBelow`).
 */
export function VisitBooking({
  token,
  initial,
  houseShownBelow = false,
}: {
  token: string
  initial: VisitView
  houseShownBelow?: boolean
}) {
  const [visit, setVisit] = useState(initial)
  const [mode, setMode] = useState<Mode>('view')
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState<{text: string; error: boolean} | null>(null)
  const [moveTo, setMoveTo] = useState('')
  const [offer, setOffer] = useState<{slots: VisitSlot[]; refresh: number; error?: string}>({
    slots: [],
    refresh: 0,
  })
  const heading = useRef<HTMLHeadingElement>(null)
  const registered = visit.status === 'registered'
  const status = statusLabel(visit)

  async function run(action: VisitAction, body?: Record<string, unknown>): Promise<void> {
    setBusy(true)
    setNotice(null)
    const answer = await changeVisit(token, action, body)
    setBusy(false)
    if (answer.kind === 'ok') {
      setVisit(answer.visit)
      setMode('view')
      setMoveTo('')
      setOffer(({refresh}) => ({slots: [], refresh: refresh + 1}))
      const confirmed = action === 'consent' && body?.marketing === true
      setNotice({text: confirmed ? CONFIRMED_MESSAGE : DONE_MESSAGES[action], error: false})
      heading.current?.focus()
    } else if (answer.kind === 'refused' && action === 'move' && answer.slots.length > 0) {
      setOffer(({refresh}) => ({slots: answer.slots, refresh: refresh + 1, error: answer.error}))
      setMoveTo('')
    } else {
      setNotice({text: answer.kind === 'refused' ? answer.error : NETWORK_ERROR, error: true})
    }
  }

  return (
    <article className="visit-booking">
      <h1 ref={heading} tabIndex={-1}>
        {registered ? '관심고객 등록 확인' : '방문 예약 확인'}
      </h1>
      <p className="visit-booking-site">{visit.siteName}</p>
      <p className={`visit-status is-${status.tone}`}>{status.label}</p>
      <dl className="visit-facts">
        <dt>접수번호</dt>
        <dd>{visit.receipt}</dd>
        <dt>{registered ? '등록자' : '예약자'}</dt>
        <dd>{visit.name}</dd>
        {visit.start ? (
          <>
            <dt>방문 일시</dt>
            <dd className="visit-facts-at">{formatVisitAt(visit.start)}</dd>
          </>
        ) : null}
        {visit.address && !houseShownBelow ? (
          <>
            <dt>견본주택 위치</dt>
            <dd>
              {visit.address}
              {visit.mapUrl ? (
                <>
                  {' '}
                  <a href={visit.mapUrl} target="_blank" rel="noopener noreferrer">
                    지도 보기<span className="visually-hidden"> (새 창)</span>
                  </a>
                </>
              ) : null}
            </dd>
          </>
        ) : null}
      </dl>
      {visit.confirmable && visit.start ? (
        <section className="visit-attend" aria-labelledby="visit-attend-heading">
          <h2 id="visit-attend-heading">방문 확인</h2>
          <p>
            {formatVisitAt(visit.start)}에 방문하실 예정이 맞으면 방문 확인을 눌러 주세요. 오시기
            어려우시면 아래에서 시간을 바꾸거나 예약을 취소해 주세요.
          </p>
          <div className="visit-actions">
            <button
              type="button"
              className="visit-primary"
              disabled={busy}
              onClick={() => void run('confirm')}
            >
              {busy ? '확인하는 중…' : '방문 확인'}
            </button>
          </div>
        </section>
      ) : visit.confirmedAt && visit.changeable ? (
        <p className="visit-attend-done">
          방문 예정을 확인해 주셨습니다. 예약하신 시간에 뵙겠습니다.
        </p>
      ) : null}
      {visit.arrivalCode ? (
        <section className="visit-arrival" aria-labelledby="visit-arrival-heading">
          <h2 id="visit-arrival-heading">도착 확인 번호</h2>
          {visit.arrivalQr ? (
            <QrCode
              drawing={visit.arrivalQr}
              label="도착 확인 QR 코드"
              className="visit-arrival-qr"
            />
          ) : null}
          <p className="visit-arrival-code">{visit.arrivalCode}</p>
          <p>
            견본주택 안내 데스크에서 QR 코드를 보여 주시거나 이 번호를 알려 주시면 바로 방문이
            확인됩니다.
          </p>
        </section>
      ) : null}
      {visit.arrivedAt ? (
        <p className="visit-arrived">
          {kstTime(Date.parse(visit.arrivedAt))}에 방문이 확인되었습니다. 찾아 주셔서 감사합니다.
        </p>
      ) : null}
      {visit.status === 'cancelled' || visit.noShowAt ? (
        <p className="visit-book-offer">
          {visit.noShowAt ? '예약하신 시간에 방문하지 않으셔서 이 예약은 끝났습니다. ' : ''}
          다른 날 방문하시려면{' '}
          <a href={`/${encodeURIComponent(visit.site)}/customer`}>방문 예약 다시 하기</a>로 새
          예약을 해 주세요.
        </p>
      ) : null}
      {registered ? (
        <p className="visit-book-offer">
          견본주택 방문 예약은{' '}
          <a href={`/${encodeURIComponent(visit.site)}/customer`}>방문 예약 페이지</a>에서 하실 수
          있습니다.
        </p>
      ) : null}
      <RemainingUnits units={visit.units} />
      <div className="visit-notice" role="status" aria-live="polite">
        {notice ? <p className={notice.error ? 'is-error' : ''}>{notice.text}</p> : null}
      </div>
      {visit.changeable && visit.start ? (
        mode === 'move' ? (
          <form
            className="visit-move"
            onSubmit={(event) => {
              event.preventDefault()
              if (moveTo) void run('move', {visitAt: moveTo})
            }}
          >
            <VisitTimePicker
              id="visit-move-time"
              site={visit.site}
              value={moveTo}
              onChange={setMoveTo}
              allowUndecided={false}
              legend="새 방문 일시"
              current={visit.start}
              suggestions={offer.slots}
              refresh={offer.refresh}
              error={offer.error}
            />
            <div className="visit-actions">
              <button type="submit" className="visit-primary" disabled={!moveTo || busy}>
                {busy ? '변경하는 중…' : '이 시간으로 변경'}
              </button>
              <button type="button" onClick={() => setMode('view')} disabled={busy}>
                돌아가기
              </button>
            </div>
          </form>
        ) : mode === 'confirmCancel' ? (
          <div className="visit-confirm" role="alertdialog" aria-labelledby="visit-confirm-q">
            <p id="visit-confirm-q">
              {formatVisitAt(visit.start)} 방문 예약을 취소하시겠습니까? 취소한 예약은 되돌릴 수
              없습니다.
            </p>
            <div className="visit-actions">
              <button
                type="button"
                className="visit-danger"
                disabled={busy}
                onClick={() => void run('cancel')}
              >
                {busy ? '취소하는 중…' : '예, 취소합니다'}
              </button>
              <button type="button" autoFocus disabled={busy} onClick={() => setMode('view')}>
                아니요
              </button>
            </div>
          </div>
        ) : (
          <div className="visit-actions">
            <button type="button" className="visit-primary" onClick={() => setMode('move')}>
              다른 시간으로 변경
            </button>
            <button type="button" onClick={() => setMode('confirmCancel')}>
              예약 취소
            </button>
          </div>
        )
      ) : null}
      {visit.marketingConsent && !visit.marketingConfirmed && visit.owner ? (
        <section className="visit-consent-confirm" aria-labelledby="visit-consent-q">
          <h2 id="visit-consent-q">마케팅 정보 수신 동의 확인</h2>
          <p>
            {registered ? '등록하실' : '예약하실'} 때 이 번호로 분양 소식과 이벤트 안내(광고성
            문자)를 받는 데 동의하셨습니다. 본인이 동의하신 것이 맞으면 확인해 주세요. 확인하시기
            전에는 광고성 문자를 보내 드리지 않습니다.
          </p>
          <div className="visit-actions">
            <button
              type="button"
              className="visit-primary"
              disabled={busy}
              onClick={() => void run('consent', {marketing: true})}
            >
              {busy ? '처리하는 중…' : '네, 수신에 동의합니다'}
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => void run('consent', {marketing: false})}
            >
              동의하지 않습니다
            </button>
          </div>
        </section>
      ) : visit.marketingConsent ? (
        <p className="visit-consent">
          {visit.marketingConfirmed
            ? '마케팅 정보(분양 소식, 이벤트) 수신에 동의하셨습니다.'
            : '마케팅 정보 수신 동의는 휴대전화로 보내 드린 문자의 링크에서 확인하실 수 있습니다.'}{' '}
          <button
            type="button"
            disabled={busy}
            onClick={() => void run('consent', {marketing: false})}
          >
            수신 동의 철회
          </button>
        </p>
      ) : null}
    </article>
  )
}
