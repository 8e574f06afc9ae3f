import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser'
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

/** Runs a passkey ceremony; a cancelled or timed-out one comes back as a Korean message. */
async function ceremony<T>(
  run: () => Promise<T>,
): Promise<{ok: true; value: T} | {ok: false; error: string}> {
  try {
    return {ok: true, value: await run()}
  } catch {
    return {ok: false, error: PASSKEY_STOPPED}
  }
}

/** Passes the sign-in's second factor with an app's code or a recovery code. */
export const passWithCode = (code: string) => post('/api/admin/second-factor', {code})

/** Passes the sign-in's second factor with one of the account's passkeys. */
export async function passWithPasskey(): Promise<FactorResult> {
  const asked = await post<{options: PublicKeyCredentialRequestOptionsJSON}>(
    '/api/admin/passkeys/options',
    {purpose: 'sign-in'},
  )
  if (!asked.ok) return asked
  const {startAuthentication} = await import('@simplewebauthn/browser')
  const answer = await ceremony<AuthenticationResponseJSON>(() =>
    startAuthentication({optionsJSON: asked.options}),
  )
  if (!answer.ok) return answer
  return post('/api/admin/second-factor', {passkey: answer.value})
}

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
export async function enrolPasskey(): Promise<Enrolled> {
  const asked = await post<{options: PublicKeyCredentialCreationOptionsJSON}>(
    '/api/admin/passkeys/options',
    {purpose: 'enrol'},
  )
  if (!asked.ok) return asked
  const {startRegistration} = await import('@simplewebauthn/browser')
  const created = await ceremony<RegistrationResponseJSON>(() =>
    startRegistration({optionsJSON: asked.options}),
  )
  if (!created.ok) return created
  return post('/api/admin/passkeys', {passkey: created.value})
}

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
