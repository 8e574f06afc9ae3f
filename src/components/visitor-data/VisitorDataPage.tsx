import {useCallback, useEffect, useRef, useState} from 'react'
import {kstTime} from '#shared/korea-time.ts'
import type {Erased, VisitorData} from '#shared/visitor-data/contract.ts'
import {
  clearSession,
  fetchVisitorData,
  readSession,
  saveSession,
  stopMarketing,
  type StoredSession,
} from '#src/lib/api/visitor-data.ts'
import {CodeSignIn} from './CodeSignIn.tsx'
import {NameCorrection, NumberCorrection} from './CorrectionForms.tsx'
import {EraseAll, KeptByLaw} from './EraseAll.tsx'
import {StaffRequestForm} from './StaffRequestForm.tsx'
import {VisitorDataView} from './VisitorDataView.tsx'

type Notice = {text: string; error: boolean} | null

/**
 * The visitor's data page of a site: the code first (from a visit link, to its number; else
 * to the number typed), then everything kept about the number and what they can do with it.
 * The session lives in the tab only and ends after 15 minutes.
 */
export function VisitorDataPage({site, link}: {site: string; link?: string}) {
  const [session, setSession] = useState<StoredSession | null>(() => readSession(site))
  const [data, setData] = useState<Omit<VisitorData, 'ok'> | null>(null)
  const [notice, setNotice] = useState<Notice>(null)
  const [erased, setErased] = useState<Omit<Erased, 'ok'> | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)

  const end = useCallback(
    (message: string | null) => {
      clearSession(site)
      setSession(null)
      setData(null)
      setNotice(message ? {text: message, error: true} : null)
    },
    [site],
  )

  const load = useCallback(
    async (token: string) => {
      const answer = await fetchVisitorData(token)
      if (answer.ok) setData(answer)
      else if (answer.status === 401) end(answer.error)
      else setNotice({text: answer.error, error: true})
    },
    [end],
  )

  useEffect(() => {
    if (session) void load(session.token)
  }, [session, load])

  function started(next: StoredSession) {
    saveSession(site, next)
    setSession(next)
    setNotice(null)
    requestAnimationFrame(() => heading.current?.focus())
  }

  function done(text: string) {
    setNotice({text, error: false})
    if (session) void load(session.token)
  }

  async function stop() {
    if (!session) return
    const answer = await stopMarketing(session.token)
    if (answer.ok)
      done(
        '마케팅 정보 수신을 중단했습니다. 이 번호로는 어느 현장에서도 광고 문자를 보내 드리지 않습니다.',
      )
    else if (answer.status === 401) end(answer.error)
    else setNotice({text: answer.error, error: true})
  }

  const status = (
    <div className="rights-notice" role="status" aria-live="polite">
      {notice ? <p className={notice.error ? 'is-error' : ''}>{notice.text}</p> : null}
    </div>
  )

  if (erased)
    return (
      <article className="rights-page-body">
        <h1 ref={heading} tabIndex={-1}>
          모두 삭제했습니다
        </h1>
        <p>
          등록 {erased.leads}건, 방문 예약 {erased.visits}건, 대기 신청 {erased.waitlist}건, 보낸
          문자 {erased.texts}건을 삭제했습니다. 다가오던 방문 예약의 자리는 다른 분께 돌아갔습니다.
        </p>
        <p>법에 따라 남는 정보는 다음과 같습니다.</p>
        <KeptByLaw />
      </article>
    )

  if (!session)
    return (
      <article className="rights-page-body">
        <h1 ref={heading} tabIndex={-1}>
          내 정보 확인·정정·삭제
        </h1>
        <p>
          이 현장에 남아 있는 내 정보를 보고, 고치거나 삭제할 수 있습니다. 먼저 휴대전화로 받은
          인증번호로 본인임을 확인해 주세요.
        </p>
        {status}
        <CodeSignIn site={site} link={link} onSession={started} />
      </article>
    )

  const latestName = data?.leads[0]?.name ?? ''
  const hooks = {token: session.token, onDone: done, onEnded: end}
  return (
    <article className="rights-page-body">
      <h1 ref={heading} tabIndex={-1}>
        내 정보 확인·정정·삭제
      </h1>
      {data ? (
        <p className="rights-who">
          {data.siteName} · {data.phone} · {kstTime(Date.parse(session.expiresAt))}까지 열려
          있습니다.{' '}
          <button type="button" className="rights-close" onClick={() => end(null)}>
            확인 마치기
          </button>
        </p>
      ) : (
        <p>내 정보를 불러오는 중입니다…</p>
      )}
      {status}
      {data ? (
        <>
          <VisitorDataView data={data} />
          <section className="rights-actions" aria-labelledby="rights-actions-heading">
            <h2 id="rights-actions-heading">정정·삭제·처리 정지</h2>
            {data.leads.length > 0 ? (
              <>
                <NameCorrection key={latestName} current={latestName} {...hooks} />
                <NumberCorrection {...hooks} onSession={started} />
                <section className="rights-form" aria-labelledby="rights-marketing-heading">
                  <h3 id="rights-marketing-heading">마케팅 정보 수신 중단</h3>
                  {data.refusal ? (
                    <p>
                      이 번호는 광고 문자 수신을 거부한 상태입니다. 광고 문자를 보내 드리지
                      않습니다.
                    </p>
                  ) : (
                    <>
                      <p>
                        분양 소식과 이벤트 안내(광고 문자)를 더 받지 않으시려면 눌러 주세요. 예약
                        안내 같은 필요한 문자는 계속 보내 드립니다.
                      </p>
                      <div className="rights-buttons">
                        <button type="button" onClick={() => void stop()}>
                          마케팅 수신 중단
                        </button>
                      </div>
                    </>
                  )}
                </section>
                <StaffRequestForm {...hooks} />
              </>
            ) : null}
            <EraseAll
              token={session.token}
              onEnded={end}
              onErased={(result) => {
                clearSession(site)
                setErased(result)
                requestAnimationFrame(() => heading.current?.focus())
              }}
            />
          </section>
        </>
      ) : null}
    </article>
  )
}
