import {useId, useState, type FormEvent} from 'react'
import {
  ANSWER_MAX,
  REQUEST_KIND_LABELS,
  REQUEST_STATUS_LABELS,
  type StaffRequestItem,
} from '#shared/visitor-data/contract.ts'
import {FormError} from '#src/components/forms/FormError.tsx'
import {formatLeadTime, telHref} from './lead-labels.ts'
import {answerRequest, fetchRequests} from '#src/lib/api/requests.ts'
import {deadlineLabel} from './request-deadline.ts'
import {useLoaded} from '#src/lib/use-loaded.ts'

/** One open request with its answer's form. */
function OpenRequest({
  item,
  siteName,
  onAnswered,
}: {
  item: StaffRequestItem
  siteName: string
  onAnswered: (message: string) => void
}) {
  const id = useId()
  const [answer, setAnswer] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const deadline = deadlineLabel(item.dueAt)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setError(null)
    const result = await answerRequest(item.id, answer)
    setBusy(false)
    if (!result.ok) return setError(result.fields?.answer ?? result.error)
    onAnswered(
      result.texted
        ? `${item.phone ?? '방문객'}에게 답변 문자를 보냈습니다.`
        : '등록 정보가 남아 있지 않아 답변만 기록했습니다. 전화로 안내해 주세요.',
    )
  }

  return (
    <li className="request-item">
      <p className="request-head">
        <strong>{REQUEST_KIND_LABELS[item.kind]}</strong>
        <span className={deadline.late ? 'request-due is-late' : 'request-due'}>
          답변 기한 {deadline.text}
        </span>
      </p>
      <p className="lead-muted">
        {siteName} · 접수 {formatLeadTime(item.at)}
        {item.phone ? (
          <>
            {' '}
            · <a href={telHref(item.phone)}>{item.phone}</a>
          </>
        ) : null}
      </p>
      <p className="request-body">{item.body}</p>
      <form className="request-answer" onSubmit={(event) => void submit(event)}>
        <label htmlFor={`${id}-answer`}>답변 (문자로 보냅니다, {ANSWER_MAX}자 이내)</label>
        <textarea
          id={`${id}-answer`}
          rows={3}
          value={answer}
          onChange={(event) => setAnswer(event.target.value)}
        />
        <FormError message={error} />
        <button type="submit" disabled={busy || answer.trim() === ''}>
          {busy ? '보내는 중...' : '답변 보내기'}
        </button>
      </form>
    </li>
  )
}

/**
 * 요청 처리: what visitors asked of their data that the data page could not do itself,
 * nearest deadline first (10 days from the request), each answered by a text; then the
 * latest answered.
 */
export function RequestsQueue({
  sites,
}: {
  sites: ReadonlyArray<{slug: string | null; name: string | null}>
}) {
  // The queue stays on screen while it is read again after an answer.
  const loaded = useLoaded(fetchRequests, [], {keep: true})
  const queue = loaded.data
  const {error} = loaded
  const [notice, setNotice] = useState<string | null>(null)
  const siteName = (slug: string) => sites.find((site) => site.slug === slug)?.name ?? slug

  const open = queue?.items.filter((item) => item.status === 'open') ?? []
  const done = queue?.items.filter((item) => item.status !== 'open') ?? []
  return (
    <div className="requests">
      <h2>개인정보 요청 처리</h2>
      <p className="lead-muted">
        방문객이 내 정보 페이지에서 보낸 요청입니다. 접수일로부터 10일 안에 답변해 주세요.
      </p>
      <div role="status" className="leads-notice">
        {notice ?? (queue === null && !error ? '불러오는 중...' : '')}
      </div>
      <FormError message={error} />
      {queue && open.length === 0 ? <p className="leads-empty">처리할 요청이 없습니다.</p> : null}
      {open.length > 0 ? (
        <ol className="request-list">
          {open.map((item) => (
            <OpenRequest
              key={item.id}
              item={item}
              siteName={siteName(item.site)}
              onAnswered={(message) => {
                setNotice(message)
                loaded.reload()
              }}
            />
          ))}
        </ol>
      ) : null}
      {done.length > 0 ? (
        <>
          <h3>처리한 요청</h3>
          <ol className="request-list">
            {done.map((item) => (
              <li key={item.id} className="request-item is-done">
                <p className="request-head">
                  <strong>{REQUEST_KIND_LABELS[item.kind]}</strong>
                  <span>{REQUEST_STATUS_LABELS[item.status]}</span>
                </p>
                <p className="lead-muted">
                  {siteName(item.site)} · 접수 {formatLeadTime(item.at)}
                  {item.answeredAt
                    ? ` · 답변 ${formatLeadTime(item.answeredAt)} (${item.answeredBy ?? ''})`
                    : ''}
                </p>
                {item.body ? <p className="request-body">{item.body}</p> : null}
                {item.answer ? <p className="request-body">답변: {item.answer}</p> : null}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </div>
  )
}
