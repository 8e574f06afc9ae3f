import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser'
import type * as PasskeyLibrary from '@simplewebauthn/browser'
import {adminSession, type EnrolledFactors} from './admin-session.ts'

/*
 * The staff's second factor in the browser: passing it after the password (an app's code, a
 * recovery code or a passkey) and enrolling one. The passkey library loads only when a passkey
 * is used, so no page carries it before.
 */

export type FactorResult<T = object> =
  ({ok: true; enrolled: EnrolledFactors} & T) | {ok: false; error: string}

const SIGNED_OUT = '로그인이 끝났습니다. 다시 로그인해 주세요.'
const NETWORK = '서버에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.'
const PASSKEY_STOPPED =
  '패스키 확인이 취소되었거나 시간이 지났습니다. 다시 시도하거나 인증 코드를 입력해 주세요.'

async function post<T>(path: string, body: unknown): Promise<FactorResult<T>> {
  const token = await adminSession.getAccessToken()
  if (!token) return {ok: false, error: SIGNED_OUT}
  let response: Response
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: {'Content-Type': 'application/json', Authorization: `Bearer ${token}`},
      body: JSON.stringify(body),
    })
  } catch {
    return {ok: false, error: NETWORK}
  }
  const answer = (await response.json().catch(() => null)) as FactorResult<T> | null
  if (answer && typeof answer === 'object' && 'ok' in answer) return answer
  return {ok: false, error: `요청을 처리하지 못했습니다. (HTTP ${response.status})`}
}

/** Passes the sign-in's second factor with an app's code or a recovery code. */
export const passWithCode = (code: string) => post('/api/admin/second-factor', {code})

/**
 * A passkey ceremony: the server's options for `purpose`, the browser's answer (`start`, with
 * the library loaded now), sent to `path`.
 */
async function passkeyCeremony<Options, T>(
  purpose: 'sign-in' | 'enrol',
  start: (library: typeof PasskeyLibrary, options: Options) => Promise<unknown>,
  path: string,
): Promise<FactorResult<T>> {
  const asked = await post<{options: Options}>('/api/admin/passkeys/options', {purpose})
  if (!asked.ok) return asked
  const library = await import('@simplewebauthn/browser')
  let passkey: unknown
  try {
    passkey = await start(library, asked.options)
  } catch {
    return {ok: false, error: PASSKEY_STOPPED}
  }
  return post(path, {passkey})
}

/** Passes the sign-in's second factor with one of the account's passkeys. */
export const passWithPasskey = () =>
  passkeyCeremony<PublicKeyCredentialRequestOptionsJSON, object>(
    'sign-in',
    (library, optionsJSON) => library.startAuthentication({optionsJSON}),
    '/api/admin/second-factor',
  )

export interface TotpEnrolment {
  secret: string
  uri: string
  qr: {size: number; path: string}
  enrolment: string
}

/** What a factor's enrolment answers: the recovery codes, when it made the first ones. */
export type Enrolled = FactorResult<{recoveryCodes?: string[]}>

export const startTotpEnrolment = () => post<TotpEnrolment>('/api/admin/totp/enrolment', {})

export const confirmTotp = (enrolment: string, code: string): Promise<Enrolled> =>
  post('/api/admin/totp', {enrolment, code})

/** Creates a passkey on this device (or a security key) for the account. */
export const enrolPasskey = (): Promise<Enrolled> =>
  passkeyCeremony<PublicKeyCredentialCreationOptionsJSON, {recoveryCodes?: string[]}>(
    'enrol',
    (library, optionsJSON) => library.startRegistration({optionsJSON}),
    '/api/admin/passkeys',
  )

export const newRecoveryCodes = () =>
  post<{recoveryCodes: string[]}>('/api/admin/recovery-codes', {})

/** What the signed-in account has enrolled. */
export async function enrolledFactors(): Promise<FactorResult> {
  const token = await adminSession.getAccessToken()
  if (!token) return {ok: false, error: SIGNED_OUT}
  try {
    const response = await fetch('/api/admin/second-factor', {
      headers: {Authorization: `Bearer ${token}`},
    })
    return ((await response.json()) as FactorResult) ?? {ok: false, error: NETWORK}
  } catch {
    return {ok: false, error: NETWORK}
  }
}
