import {RegistrationOutcome} from './RegistrationOutcome.tsx'
import type {RegistrationResult} from '#src/lib/registration/result.ts'

/**
 * The outcome of a native POST as its result page states it. The page is prerendered
 * without one (`result` null); the result endpoint renders it into that page for the
 * address the register endpoint sent the visitor to, so it reads right without JavaScript.
 */
export function RegistrationResultStatus({result}: {result: RegistrationResult | null}) {
  if (!result)
    return (
      <p className="registration-result-general">
        신청서를 보내 주셔서 감사합니다. 접수가 완료되면 담당 상담사가 곧 연락드립니다.
      </p>
    )
  return (
    <div className="registration-status" role="status">
      <RegistrationOutcome
        status={result.status}
        receipt={result.receipt}
        visit={result.visit ?? null}
      />
      {result.details.length > 0 ? (
        <ul className="registration-result-details">
          {result.details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/** Where the visitor goes next: back to the form after a refusal, home in any case. */
export function RegistrationResultActions({result}: {result: RegistrationResult | null}) {
  return (
    <p className="registration-result-actions">
      {result?.full ? (
        <a href="/#reservation" className="registration-result-primary">
          다른 시간 선택하러 가기
        </a>
      ) : result && result.status !== 'accepted' ? (
        <a href="/#reservation">다시 작성하기</a>
      ) : null}
      <a href="/">홈으로 가기</a>
    </p>
  )
}
