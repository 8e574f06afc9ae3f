import {useId, useState, type FormEvent} from 'react'
import {QrCode} from '#src/components/QrCode.tsx'
import {confirmTotp, type Enrolled, type TotpEnrolment as Started} from '#src/lib/second-factor.ts'
import {useFactorRequest} from './useFactorRequest.ts'
import {errorAttributes, FieldError} from '#src/components/forms/FieldError.tsx'

/** The key as apps show it for typing: groups of four. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ')

/**
 * An authenticator app's enrolment once started: the QR code to scan, the key to type for an
 * app that cannot scan, and the app's first code, which proves the app has it.
 */
export function TotpEnrolment({
  started,
  onEnrolled,
}: {
  started: Started
  onEnrolled: (result: Extract<Enrolled, {ok: true}>) => void
}) {
  const id = useId()
  const [code, setCode] = useState('')
  const {busy, error, run} = useFactorRequest()

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const result = await run(() => confirmTotp(started.enrolment, code.trim()))
    if (result) onEnrolled(result)
  }

  return (
    <form className="totp-enrolment" onSubmit={onSubmit}>
      <ol className="totp-steps">
        <li>
          휴대폰의 인증 앱(Google Authenticator, Microsoft Authenticator 등)에서 QR 코드를
          스캔하세요.
          <QrCode drawing={started.qr} label="인증 앱 등록 QR 코드" className="totp-qr" />
        </li>
        <li>
          스캔할 수 없으면 이 키를 직접 입력하세요 (시간 기준, 6자리).
          <p className="totp-key">
            <span id={`${id}-key-label`}>등록 키</span>{' '}
            <code aria-labelledby={`${id}-key-label`} data-secret={started.secret}>
              {grouped(started.secret)}
            </code>
          </p>
        </li>
        <li>
          <div className="form-field">
            <label htmlFor={`${id}-code`}>인증 앱에 보이는 6자리 코드</label>
            <input
              id={`${id}-code`}
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              value={code}
              onChange={(event) => setCode(event.target.value)}
              {...errorAttributes(`${id}-error`, error)}
            />
          </div>
        </li>
      </ol>
      <FieldError id={`${id}-error`} message={error} announce />
      <button type="submit" className="primary" disabled={busy}>
        {busy ? '확인 중...' : '인증 앱 등록'}
      </button>
    </form>
  )
}
