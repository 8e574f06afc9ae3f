import {readFileSync} from 'node:fs'
import {vi} from 'vitest'
import {templateField, TEXT_KINDS} from '#shared/texts/render.ts'
import {remainingSummary} from '#shared/units/remaining.ts'
import {sql} from '../database.ts'
import type {TextContent, TextContentLoader} from './content.ts'

/* Shared by the texts' tests only (nothing in the functions imports it). */

/**
 * The seed's 문자 안내 document and remaining units, as the lake would answer them, and a
 * site with a model house and a refusal number.
 */
export const seedTextContent: TextContentLoader = async (): Promise<TextContent> => {
  const seed = readFileSync(
    new URL('../../../../content/production.ndjson', import.meta.url),
    'utf8',
  )
  const rows = seed
    .split('\n')
    .filter(Boolean)
    .map((row) => JSON.parse(row) as Record<string, unknown>)
  const fields = rows.find((row) => row._id === 'textTemplates') as Record<string, string>
  const units = rows
    .filter((row) => row._type === 'unitType' && typeof row.remaining === 'number')
    .sort((a, b) => (a.order as number) - (b.order as number))
    .map((row) => ({
      label: row.label as string,
      remaining: row.remaining as number,
      checkedAt: row.remainingCheckedAt as string,
    }))
  return {
    templates: Object.fromEntries(TEXT_KINDS.map((kind) => [kind, fields[templateField(kind)]!])),
    sites: new Map([
      [
        'daegu',
        {
          name: '솔담 레이크파크',
          address: '대구광역시 수성구 호반로 12',
          mapUrl: 'https://naver.me/x1',
          refusalPhone: '080-500-0440',
        },
      ],
    ]),
    remaining: remainingSummary(units),
    units,
  }
}

export interface SolapiCall {
  url: string
  method: string
  headers: Headers
  /** The JSON sent; empty for a read. */
  body: Record<string, unknown>
  /** The recipient of the call's (only) message. */
  to: string
}

/**
 * SOLAPI's host is fixed, so its SDK's `fetch` is intercepted: every request to it is kept and
 * answered by `answer` (given the call's number, from 1); any other host is unreachable (the
 * lake, for one). Undo with vi.unstubAllGlobals().
 */
export function interceptSolapi(
  answer: (n: number, call: SolapiCall) => Response | Promise<Response>,
): SolapiCall[] {
  const calls: SolapiCall[] = []
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (new URL(url).host !== 'api.solapi.com') throw new TypeError('fetch failed')
    // A read (the 080 refusals' list) sends no body.
    const body = (init.body ? JSON.parse(String(init.body)) : {}) as {messages?: {to?: string}[]}
    const call: SolapiCall = {
      url: String(url),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body,
      to: body.messages?.[0]?.to ?? '',
    }
    calls.push(call)
    return answer(calls.length, call)
  })
  return calls
}

const COUNT = {
  total: 1,
  sentTotal: 0,
  sentFailed: 0,
  sentSuccess: 0,
  sentPending: 0,
  sentReplacement: 0,
  refund: 0,
  registeredFailed: 0,
  registeredSuccess: 1,
}

/** SOLAPI's answer to a message it accepted. */
export const solapiAccepted = (messageId = 'M4V20261126X') =>
  Response.json({
    failedMessageList: [],
    groupInfo: {groupId: 'G4V20261126', count: COUNT},
    messageList: [{messageId, statusCode: '2000', statusMessage: '정상 접수'}],
  })

/** SOLAPI's answer to a message it registered as failed (a refused number, say). */
export const solapiNotReceived = (statusCode: string, statusMessage: string) =>
  Response.json({
    failedMessageList: [{to: '01012345678', statusCode, statusMessage}],
    groupInfo: {groupId: 'G1', count: {...COUNT, registeredFailed: 1, registeredSuccess: 0}},
  })

export interface TextRow {
  lead_id: string
  kind: string
  revision: number
  recipient: string
  body: string
  status: string
  attempts: number
  next_attempt_at: Date | null
  last_error: string | null
  provider: string | null
  provider_message_id: string | null
}

/** Every text row, oldest first. */
export const storedTexts = () =>
  sql()<TextRow>`SELECT lead_id, kind, revision, recipient, body, status, attempts,
    next_attempt_at, last_error, provider, provider_message_id
    FROM text_messages ORDER BY created_at, kind`
