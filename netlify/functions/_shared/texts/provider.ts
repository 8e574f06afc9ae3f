import {setting, templateIdVariable, type Env, type Settings} from '#config/settings.ts'
import type * as Solapi from 'solapi'
import type {OutboxKind} from '#shared/texts/render.ts'
import {isOffProduction} from '../deploy-context.ts'

/*
 * Who sends a text. `local` keeps it in the database unsent (staff read it in the 문자
 * 발송함); `solapi` sends it through SOLAPI's SDK, as a KakaoTalk AlimTalk when a channel
 * and a template id for its kind are set (SOLAPI falls back to an SMS/LMS of the same
 * text when the AlimTalk cannot be delivered), otherwise as an SMS or LMS.
 */

export type TextProviderName = Settings['SMS_PROVIDER']

export interface OutgoingText {
  /** The outbox row's id. */
  id: string
  kind: OutboxKind
  /** Normalized, hyphenated (010-1234-5678). */
  to: string
  text: string
  /** The values the text was rendered with, for an AlimTalk template's variables. */
  values: Readonly<Record<string, string>>
}

export type SendResult =
  | {status: 'sent'; messageId: string | null}
  | {status: 'kept'}
  /** The provider turned the text down for good (a refused number, say): never retried. */
  | {status: 'refused'; reason: string}
  /** Worth another attempt after a backoff (5xx, timeout, no connection). */
  | {status: 'failed'; reason: string}

export interface TextProvider {
  name: TextProviderName
  send(text: OutgoingText): Promise<SendResult>
}

/** The provider a request uses: SMS_PROVIDER, but always `local` off production. */
export function textProviderName(env: Env = process.env): TextProviderName {
  if (isOffProduction(env)) return 'local'
  return setting('SMS_PROVIDER', env)
}

export const localProvider: TextProvider = {
  name: 'local',
  send: async () => ({status: 'kept'}),
}

/** A send that has not answered within this long is counted as failed and tried again later. */
export const SEND_TIMEOUT_MS = 5000

interface SdkError {
  _tag?: string
  httpStatus?: number
  errorCode?: string
  errorMessage?: string
  message?: string
  failedMessageList?: {statusCode?: string; statusMessage?: string}[]
}

/**
 * 4xx answers are refusals (a number the carrier refuses, a blocked recipient, a text
 * SOLAPI will not take), except those about the account or the moment rather than the
 * text: a bad key (401/403), a timeout (408) or a rate limit (429) are tried again.
 */
const RETRIED_CLIENT_STATUSES = new Set([401, 403, 408, 429])

export function classifySolapiError(error: unknown): SendResult {
  const e = (error ?? {}) as SdkError
  const reason = (e.errorCode ? `${e.errorCode}: ${e.errorMessage ?? ''}` : e.message) ?? ''
  switch (e._tag) {
    case 'MessageNotReceivedError': {
      const failed = e.failedMessageList?.[0]
      return {
        status: 'refused',
        reason: failed ? `${failed.statusCode ?? ''}: ${failed.statusMessage ?? ''}` : reason,
      }
    }
    case 'BadRequestError':
      return {status: 'refused', reason: `BadRequest: ${e.message ?? ''}`}
    case 'ClientError':
      return RETRIED_CLIENT_STATUSES.has(e.httpStatus ?? 0)
        ? {status: 'failed', reason: `HTTP ${e.httpStatus} ${reason}`}
        : {status: 'refused', reason: `HTTP ${e.httpStatus} ${reason}`}
    case 'ServerError':
      return {status: 'failed', reason: `HTTP ${e.httpStatus} ${reason}`}
    default:
      return {status: 'failed', reason: reason || String(error)}
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('응답 시간 초과')), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** A number as SOLAPI takes and gives it: digits only. */
export const digits = (phone: string): string => phone.replaceAll('-', '')

/*
 * The SDK takes half a second to load. Every function that registers or changes a visit
 * may send a text, and most calls send none or keep it locally, so it loads on the first
 * send through SOLAPI instead of with the function.
 */
let sdk: Promise<typeof Solapi> | undefined
const loadSdk = () => (sdk ??= import('solapi'))

/** The SDK's client of the account in `env`, made on its first use. */
export function solapiClient(env: Env): () => Promise<Solapi.SolapiMessageService> {
  let service: Promise<Solapi.SolapiMessageService> | undefined
  return () =>
    (service ??= loadSdk().then(
      ({SolapiMessageService}) =>
        new SolapiMessageService(
          setting('SOLAPI_API_KEY', env) ?? '',
          setting('SOLAPI_API_SECRET', env) ?? '',
        ),
    ))
}

export function solapiProvider(env: Env = process.env, timeoutMs = SEND_TIMEOUT_MS): TextProvider {
  const connect = solapiClient(env)
  const from = digits(setting('SMS_SENDER', env) ?? '')
  const pfId = setting('SOLAPI_KAKAO_PF_ID', env)
  return {
    name: 'solapi',
    async send({kind, to, text, values}) {
      const templateId = setting(templateIdVariable(kind), env)
      const kakaoOptions =
        pfId && templateId
          ? {
              pfId,
              templateId,
              variables: Object.fromEntries(
                Object.entries(values).map(([name, value]) => [`#{${name}}`, value]),
              ),
            }
          : undefined
      try {
        const answer = await withTimeout(
          (await connect()).send(
            {to: digits(to), from, text, ...(kakaoOptions ? {kakaoOptions} : {})},
            {showMessageList: true},
          ),
          timeoutMs,
        )
        const messageId = answer.messageList?.[0]?.messageId ?? answer.groupInfo?.groupId ?? null
        return {status: 'sent', messageId}
      } catch (error) {
        return classifySolapiError(error)
      }
    },
  }
}

export function textProvider(env: Env = process.env): TextProvider {
  return textProviderName(env) === 'solapi' ? solapiProvider(env) : localProvider
}
