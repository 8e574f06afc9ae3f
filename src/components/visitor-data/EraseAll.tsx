import {useEffect, useRef, useState} from 'react'
import type {Erased} from '#shared/visitor-data/contract.ts'
import {FormError} from '#src/components/forms/FormError.tsx'
import {eraseAll} from '#src/lib/api/visitor-data.ts'

/** What stays after an erase, because the law keeps it: said before the visitor decides. */
export function KeptByLaw() {
  return (
    <ul className="rights-kept">
      <li>
        <strong>광고 문자 수신거부 기록</strong>: 수신을 거부하신 번호에 다시 광고를 보내지 않도록
        번호와 거부 일시만 남깁니다(정보통신망법 제50조).
      </li>
      <li>
        <strong>직원의 조회·처리 기록(접속기록)</strong>: 누가 언제 개인정보를 다루었는지 보여 주는
        기록으로, 2년간 보관한 뒤 파기합니다(개인정보의 안전성 확보조치 기준 제8조).
      </li>
      <li>
        <strong>이번 요청의 처리 기록</strong>: 요청 종류와 일시, 본인 확인 방법, 삭제한 건수만
        3년간 남깁니다. 이름과 번호는 남기지 않습니다.
      </li>
    </ul>
  )
}

/**
 * 전체 삭제: asked once more in a confirmation that takes the focus and gives it back, then
 * one request (one statement on the server: all of it goes, or none).
 */
export function EraseAll({
  token,
  onErased,
  onEnded,
}: {
  token: string
  onErased: (erased: Omit<Erased, 'ok'>) => void
  onEnded: (message: string) => void
}) {
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const opener = useRef<HTMLButtonElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (asking) cancel.current?.focus()
  }, [asking])

  function close() {
    setAsking(false)
    requestAnimationFrame(() => opener.current?.focus())
  }

  async function erase() {
    setBusy(true)
    setError(null)
    const answer = await eraseAll(token)
    setBusy(false)
    if (answer.ok) onErased(answer)
    else if (answer.status === 401) onEnded(answer.error)
    else setError(answer.error)
  }

  return (
    <section className="rights-form rights-erase" aria-labelledby="rights-erase-heading">
      <h3 id="rights-erase-heading">전체 삭제</h3>
      <p>
        이 현장에 남아 있는 등록 내역, 방문 예약과 대기 신청, 동의 기록, 보낸 문자를 모두
        삭제합니다. 다가오는 방문 예약은 먼저 취소되고 자리는 다른 분께 돌아갑니다. 삭제한 정보는
        되살릴 수 없습니다.
      </p>
      <p>삭제해도 법에 따라 다음 정보는 남습니다.</p>
      <KeptByLaw />
      {asking ? (
        <div
          className="rights-confirm"
          role="alertdialog"
          aria-labelledby="rights-erase-q"
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !busy) close()
          }}
        >
          <p id="rights-erase-q">정말 모두 삭제하시겠습니까? 삭제한 정보는 되살릴 수 없습니다.</p>
          <FormError message={error} />
          <div className="rights-buttons">
            <button
              type="button"
              className="is-danger"
              disabled={busy}
              onClick={() => void erase()}
            >
              {busy ? '삭제하는 중…' : '예, 모두 삭제합니다'}
            </button>
            <button ref={cancel} type="button" disabled={busy} onClick={close}>
              아니요
            </button>
          </div>
        </div>
      ) : (
        <div className="rights-buttons">
          <button ref={opener} type="button" className="is-danger" onClick={() => setAsking(true)}>
            모두 삭제
          </button>
        </div>
      )}
    </section>
  )
}
