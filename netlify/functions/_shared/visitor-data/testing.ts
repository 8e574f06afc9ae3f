import {expect} from 'vitest'
import {sql} from '../database.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {jsonRequest, validBody} from '../leads/testing.ts'
import {localProvider} from '../texts/provider.ts'
import {NOW, SITE, testHouses, testSiteDirectory, testTextContent} from '../visits/testing.ts'
import {createCodeHandler, createVerifyHandler, type VisitorDataDeps} from './handlers.ts'

/* Shared by the visitor data tests only (nothing in the functions imports it). */

export const PHONE = '010-2345-6789'

/** The data page's functions at the clock's time, texts kept by the local provider. */
export const visitorDeps = (clock: () => number = () => NOW): VisitorDataDeps => ({
  clock,
  houses: testHouses(),
  // The stubbed environment (the links' and sessions' secret); no address limit unless set.
  env: {...process.env, VISITOR_CODE_RATE_LIMIT: '0'},
  texts: {clock, content: testTextContent, provider: localProvider},
})

type Handler = (req: Request, context: {ip: string}) => Promise<Response>

/** A call of a visitor endpoint: JSON body (POST) or none (GET), a session's token, an address. */
export function call(
  handler: Handler,
  path: string,
  {body, token, ip = '198.51.100.20'}: {body?: unknown; token?: string; ip?: string} = {},
): Promise<Response> {
  const headers: Record<string, string> = token ? {authorization: `Bearer ${token}`} : {}
  return handler(
    new Request(`http://localhost${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? headers : {...headers, 'Content-Type': 'application/json'},
      ...(body === undefined ? {} : {body: JSON.stringify(body)}),
    }),
    {ip},
  )
}

/** A registration of `phone` on the site (a visit when `visitAt` is given); its answer. */
export async function register(
  phone = PHONE,
  extra: Record<string, unknown> = {},
  clock: () => number = () => NOW,
): Promise<{receipt: string; manageUrl: string}> {
  const handler = createRegisterHandler({
    clock,
    houses: testHouses(),
    sites: testSiteDirectory(),
    env: {...process.env, REGISTER_RATE_LIMIT: '0', REGISTER_PHONE_DAILY_LIMIT: '0'},
    texts: {content: testTextContent, provider: localProvider},
  })
  const answer = await handler(jsonRequest(validBody({site: SITE, phone, ...extra})), {
    ip: '203.0.113.9',
  })
  expect(answer.status).toBe(201)
  return (await answer.json()) as {receipt: string; manageUrl: string}
}

/** The code in the latest verification text to `phone`, as the phone shows it. */
export async function lastCode(phone = PHONE): Promise<string> {
  const rows = await sql()<{body: string}>`
    SELECT body FROM text_messages WHERE recipient = ${phone} AND kind = 'verification'
    ORDER BY created_at DESC, revision DESC LIMIT 1`
  const code = /\[(\d{6})\]/.exec(rows[0]?.body ?? '')?.[1]
  if (!code) throw new Error(`no code was texted to ${phone}`)
  return code
}

/** A session of `phone` on the site, through the code texted to it. */
export async function signIn(phone = PHONE, deps = visitorDeps()): Promise<string> {
  const asked = await call(createCodeHandler(deps), '/api/visitor/code', {
    body: {site: SITE, phone},
  })
  expect(asked.status).toBe(202)
  const verified = await call(createVerifyHandler(deps), '/api/visitor/verify', {
    body: {site: SITE, phone, code: await lastCode(phone)},
  })
  expect(verified.status).toBe(200)
  return ((await verified.json()) as {token: string}).token
}
