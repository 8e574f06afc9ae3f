import {SOURCE_LABELS} from '#shared/leads/labels.ts'
import {STAGE_LABELS} from '#shared/leads/lead.ts'
import {
  REQUEST_KIND_LABELS,
  REQUEST_STATUS_LABELS,
  type VisitorConsent,
  type VisitorData,
} from '#shared/visitor-data/contract.ts'
import {formatVisitAt} from '#shared/visits/visit-time.ts'
import {
  ATTRIBUTION_LABELS,
  formatAt,
  formatVersion,
  REFUSAL_SOURCE_LABELS,
  TEXT_LABELS,
  TEXT_STATUS_LABELS,
  VISIT_LABELS,
} from '#src/lib/visitor-data/labels.ts'

/** Where a consent stands: a marketing consent counts once the number's owner confirmed it. */
function consentState(consent: VisitorConsent): string {
  if (!consent.given) return '동의하지 않음'
  if (consent.withdrawnAt) return '철회함'
  return consent.kind === 'marketing' && !consent.confirmedAt ? '동의함(본인 확인 전)' : '동의함'
}

/** One section of what is kept, with what to say when it holds nothing. */
function Kept({
  id,
  title,
  count,
  empty,
  children,
}: {
  id: string
  title: string
  count: number
  empty: string
  children: React.ReactNode
}) {
  return (
    <section className="kept" aria-labelledby={id}>
      <h2 id={id}>
        {title} <span className="kept-count">{count}건</span>
      </h2>
      {count === 0 ? <p className="kept-empty">{empty}</p> : children}
    </section>
  )
}

/**
 * Everything kept about the number on the site, as `GET /api/visitor/data` answers it: the
 * registrations (with the staff's stages), visits, consents, texts and requests.
 */
export function VisitorDataView({data}: {data: Omit<VisitorData, 'ok'>}) {
  return (
    <div className="kept-all">
      <Kept
        id="kept-leads"
        title="등록 내역"
        count={data.leads.length}
        empty="남아 있는 등록 내역이 없습니다."
      >
        <ol className="kept-list">
          {data.leads.map((lead) => (
            <li key={lead.receipt}>
              <dl className="kept-facts">
                <dt>접수번호</dt>
                <dd>{lead.receipt}</dd>
                <dt>접수 일시</dt>
                <dd>{formatAt(lead.createdAt)}</dd>
                <dt>등록 경로</dt>
                <dd>{SOURCE_LABELS[lead.source] ?? lead.source}</dd>
                <dt>이름</dt>
                <dd>{lead.name}</dd>
                <dt>연락처</dt>
                <dd>{lead.phone}</dd>
                {lead.message ? (
                  <>
                    <dt>문의 내용</dt>
                    <dd className="kept-message">{lead.message}</dd>
                  </>
                ) : null}
                {Object.entries(lead.attribution).map(([key, value]) => (
                  <FactRow key={key} term={ATTRIBUTION_LABELS[key] ?? key} value={value} />
                ))}
                <dt>상담 진행 단계</dt>
                <dd>
                  {STAGE_LABELS[lead.stage]}
                  {lead.stages.length > 0 ? (
                    <ul className="kept-stages">
                      {lead.stages.map((change) => (
                        <li key={change.at}>
                          {formatAt(change.at)}{' '}
                          {change.from ? `${STAGE_LABELS[change.from]} → ` : ''}
                          {STAGE_LABELS[change.to]}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </dd>
                <dt>상담 접수 시스템 전달</dt>
                <dd>{lead.forwardedAt ? formatAt(lead.forwardedAt) : '전달 전'}</dd>
              </dl>
            </li>
          ))}
        </ol>
      </Kept>
      <Kept
        id="kept-visits"
        title="방문 예약·대기"
        count={data.visits.length}
        empty="방문 예약이나 대기 신청이 없습니다."
      >
        <ol className="kept-list">
          {data.visits.map((visit) => (
            <li key={`${visit.receipt}-${visit.type}`}>
              <p className="kept-line">
                <strong>{formatVisitAt(visit.start)}</strong>{' '}
                {visit.type === 'waitlist' ? '대기 신청' : '방문 예약'} ·{' '}
                {VISIT_LABELS[visit.status] ?? visit.status}
              </p>
              <p className="kept-sub">
                접수번호 {visit.receipt} · 신청 {formatAt(visit.at)}
                {visit.changedAt ? ` · 마지막 변경 ${formatAt(visit.changedAt)}` : ''}
                {visit.confirmedAt ? ` · 방문 확인 ${formatAt(visit.confirmedAt)}` : ''}
                {visit.arrivedAt ? ` · 방문 ${formatAt(visit.arrivedAt)}` : ''}
                {visit.noShowAt ? ` · 미방문 처리 ${formatAt(visit.noShowAt)}` : ''}
              </p>
            </li>
          ))}
        </ol>
      </Kept>
      <Kept
        id="kept-consents"
        title="동의 기록"
        count={data.consents.length}
        empty="남아 있는 동의 기록이 없습니다."
      >
        <ol className="kept-list">
          {data.consents.map((consent) => (
            <li key={`${consent.receipt}-${consent.kind}`}>
              <p className="kept-line">
                <strong>
                  {consent.kind === 'privacy'
                    ? '개인정보 수집·이용 동의(필수)'
                    : '마케팅 정보 수신 동의(선택)'}
                </strong>{' '}
                {consentState(consent)}
              </p>
              <p className="kept-sub">
                접수번호 {consent.receipt} · {formatAt(consent.at)}
                {consent.given ? ` · ${formatVersion(consent.version)}` : ''}
                {consent.confirmedAt ? ` · 본인 확인 ${formatAt(consent.confirmedAt)}` : ''}
                {consent.withdrawnAt ? ` · 철회 ${formatAt(consent.withdrawnAt)}` : ''}
              </p>
            </li>
          ))}
        </ol>
        {data.refusal ? (
          <p className="kept-refusal">
            광고 문자 수신거부: {formatAt(data.refusal.at)} (
            {REFUSAL_SOURCE_LABELS[data.refusal.source] ?? data.refusal.source})
          </p>
        ) : null}
      </Kept>
      <Kept
        id="kept-texts"
        title="보낸 문자"
        count={data.texts.length}
        empty="보낸 문자가 없습니다."
      >
        <ol className="kept-list">
          {data.texts.map((text, index) => (
            <li key={`${text.at}-${index}`}>
              <p className="kept-line">
                <strong>{TEXT_LABELS[text.kind] ?? '안내 문자'}</strong> · {formatAt(text.at)} ·{' '}
                {TEXT_STATUS_LABELS[text.status] ?? text.status}
              </p>
              <p className="kept-text">{text.text}</p>
            </li>
          ))}
        </ol>
      </Kept>
      <Kept
        id="kept-requests"
        title="내 요청 기록"
        count={data.requests.length}
        empty="요청하신 기록이 없습니다."
      >
        <ol className="kept-list">
          {data.requests.map((request) => (
            <li key={request.id}>
              <p className="kept-line">
                <strong>{REQUEST_KIND_LABELS[request.kind]}</strong> · {formatAt(request.at)} ·{' '}
                {REQUEST_STATUS_LABELS[request.status]}
              </p>
              {request.body ? <p className="kept-text">{request.body}</p> : null}
              {request.status === 'open' && request.dueAt ? (
                <p className="kept-sub">{formatAt(request.dueAt)}까지 문자로 답변드립니다.</p>
              ) : null}
              {request.answer ? (
                <p className="kept-answer">
                  답변({request.answeredAt ? formatAt(request.answeredAt) : ''}): {request.answer}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      </Kept>
    </div>
  )
}

function FactRow({term, value}: {term: string; value: string}) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </>
  )
}
