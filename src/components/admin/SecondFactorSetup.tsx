import {useEffect, useState} from 'react'
import {adminSession, type EnrolledFactors} from '#src/lib/admin-session.ts'
import {
  enrolledFactors,
  enrolPasskey,
  newRecoveryCodes,
  startTotpEnrolment,
  type Enrolled,
  type FactorResult,
  type TotpEnrolment as Started,
} from '#src/lib/second-factor.ts'
import {RecoveryCodes} from './RecoveryCodes.tsx'
import {TotpEnrolment} from './TotpEnrolment.tsx'
import {useFactorRequest} from './useFactorRequest.ts'
import {FormError} from '#src/components/forms/FormError.tsx'

/**
 * The staff's second factors: an authenticator app (one per account), passkeys, and the
 * recovery codes. `first`: the account has none yet, and this is all its sign-in may do; the
 * first factor enrolled opens the workspace once its recovery codes are kept.
 */
export function SecondFactorSetup({
  email,
  first,
  initial,
}: {
  email: string
  first: boolean
  initial?: EnrolledFactors
}) {
  const [enrolled, setEnrolled] = useState<EnrolledFactors | null>(initial ?? null)
  const [totp, setTotp] = useState<Started | null>(null)
  const [codes, setCodes] = useState<string[] | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const request = useFactorRequest()
  const {busy} = request
  const error = request.error ?? loadError

  useEffect(() => {
    if (initial) return
    void enrolledFactors().then((result) =>
      result.ok ? setEnrolled(result.enrolled) : setLoadError(result.error),
    )
  }, [initial])

  const done = () => {
    setCodes(null)
    if (first) adminSession.secondFactorPassed()
  }

  function enrolledNow(result: Extract<Enrolled, {ok: true}>, notice: string) {
    setEnrolled(result.enrolled)
    setTotp(null)
    setNotice(notice)
    if (result.recoveryCodes) setCodes(result.recoveryCodes)
    else if (first) adminSession.secondFactorPassed()
  }

  function run<T>(task: () => Promise<FactorResult<T>>) {
    setNotice(null)
    return request.run(task)
  }

  if (codes) return <RecoveryCodes codes={codes} email={email} onDone={done} />

  return (
    <div className="second-factor-setup">
      {first ? (
        <>
          <h2>2단계 인증 등록</h2>
          <p>
            고객의 개인정보를 보호하기 위해 로그인할 때 비밀번호에 더해 한 가지를 더 확인합니다.
            인증 앱이나 패스키 중 하나를 등록해야 상담 관리 화면을 쓸 수 있습니다.
          </p>
        </>
      ) : (
        <h2>2단계 인증</h2>
      )}
      {notice ? (
        <p className="leads-notice" role="status">
          {notice}
        </p>
      ) : null}
      <FormError message={error} />

      <section className="second-factor-card" aria-labelledby="factor-totp">
        <h3 id="factor-totp">인증 앱 (OTP)</h3>
        {enrolled?.totp ? (
          <p>인증 앱이 등록되어 있습니다.</p>
        ) : totp ? (
          <TotpEnrolment
            started={totp}
            onEnrolled={(result) => enrolledNow(result, '인증 앱을 등록했습니다.')}
          />
        ) : (
          <>
            <p>휴대폰의 인증 앱이 30초마다 바꾸는 6자리 코드로 확인합니다.</p>
            <button
              type="button"
              disabled={busy || !enrolled}
              onClick={async () => {
                const started = await run(startTotpEnrolment)
                if (started) setTotp(started)
              }}
            >
              인증 앱 등록 시작
            </button>
          </>
        )}
      </section>

      <section className="second-factor-card" aria-labelledby="factor-passkey">
        <h3 id="factor-passkey">패스키</h3>
        <p>
          휴대폰이나 노트북의 지문·얼굴 인식, 또는 보안 키로 확인합니다. 패스키는 이 사이트
          주소에서만 작동해 가짜 사이트에 속을 일이 없습니다.
          {enrolled && enrolled.passkeys > 0 ? ` 등록된 패스키 ${enrolled.passkeys}개.` : ''}
        </p>
        <button
          type="button"
          disabled={busy || !enrolled}
          onClick={async () => {
            const result = await run(enrolPasskey)
            if (result) enrolledNow(result, '패스키를 등록했습니다.')
          }}
        >
          패스키 등록
        </button>
      </section>

      {first ? null : (
        <section className="second-factor-card" aria-labelledby="factor-recovery">
          <h3 id="factor-recovery">복구 코드</h3>
          <p>
            인증 앱이나 패스키를 쓸 수 없을 때 쓰는 일회용 코드입니다.
            {enrolled ? ` 남은 코드 ${enrolled.recoveryCodes}개.` : ''} 새로 만들면 예전 코드는 더
            이상 쓸 수 없습니다.
          </p>
          <button
            type="button"
            disabled={busy}
            onClick={async () => {
              const result = await run(newRecoveryCodes)
              if (result) {
                setEnrolled(result.enrolled)
                setCodes(result.recoveryCodes)
              }
            }}
          >
            복구 코드 새로 만들기
          </button>
        </section>
      )}

      {first ? (
        <button type="button" onClick={() => void adminSession.logout()}>
          로그아웃
        </button>
      ) : null}
    </div>
  )
}
