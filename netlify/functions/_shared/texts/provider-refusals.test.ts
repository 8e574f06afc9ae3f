import {afterEach, describe, expect, it, vi} from 'vitest'
import {withTestDatabase} from '#tests/helpers/test-database.ts'
import {sql} from '../database.ts'
import {PROVIDER_REFUSAL_ACTOR, readProviderRefusals} from './provider-refusals.ts'
import {interceptSolapi} from './testing.ts'

const NOW = Date.parse('2026-11-26T09:00:00+09:00')
const DAY = 24 * 60 * 60_000
const SOLAPI = {
  SMS_PROVIDER: 'solapi',
  SOLAPI_API_KEY: 'NCSTESTKEY',
  SOLAPI_API_SECRET: 'test-secret-0123456789',
  SMS_SENDER: '1661-0440',
}

/** A page of SOLAPI's 080 refusal list (GET /iam/v1/black), as its schema answers it. */
const page = (numbers: string[], nextKey: string | null) =>
  Response.json({
    startKey: null,
    limit: 500,
    nextKey,
    blackList: numbers.map((recipientNumber, i) => ({
      handleKey: `H${i}`,
      type: 'DENIAL',
      senderNumber: '16610440',
      recipientNumber,
      dateCreated: '2026-11-25T03:00:00.000Z',
      dateUpdated: '2026-11-25T03:00:00.000Z',
    })),
  })

const read = (env: Record<string, string> = SOLAPI, now = NOW) =>
  readProviderRefusals({env, clock: () => now, timeoutMs: 5000})

describe('the 080 refusals the text provider keeps', () => {
  withTestDatabase()
  afterEach(() => vi.unstubAllGlobals())

  it('are read page by page into the refusal list, and stop the adverts waiting for them', async () => {
    await sql()`INSERT INTO leads (id, receipt, created_at, site, source, name, phone, consent,
        marketing_consent, marketing_confirmed_at, marketing_confirmed_via)
      VALUES ('7f0c1f8e-0000-4000-8000-0000000c0801', 'R-20261125-0801', ${new Date(NOW - DAY)},
        'daegu', 'popup', '홍길동', '010-4000-0001', true, true, ${new Date(NOW - DAY)}, 'link')`
    await sql()`INSERT INTO text_messages (id, lead_id, kind, revision, recipient, body, variables,
        status, created_at, next_attempt_at)
      VALUES (gen_random_uuid(), '7f0c1f8e-0000-4000-8000-0000000c0801', 'advert', 1,
        '010-4000-0001', '(광고) 잔여 세대 안내', '{}'::jsonb, 'queued', ${new Date(NOW)},
        ${new Date(NOW + DAY)})`
    const calls = interceptSolapi((n) =>
      n === 1
        ? page(['01040000001', '0223456789', 'not-a-number'], 'K2')
        : page(['+82 10-4000-0002'], null),
    )

    expect(await read()).toEqual({status: 'read', since: null, read: 4, added: 3, complete: true})

    const urls = calls.map((call) => new URL(call.url))
    expect(urls.map((url) => url.pathname)).toEqual(['/iam/v1/black', '/iam/v1/black'])
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({
      type: 'DENIAL',
      senderNumber: '16610440',
      limit: '500',
    })
    expect(urls[1]!.searchParams.get('startKey')).toBe('K2')
    expect(await sql()`SELECT phone, source, actor FROM text_refusals ORDER BY phone`).toEqual(
      ['010-4000-0001', '010-4000-0002', '02-2345-6789'].map((phone) => ({
        phone,
        source: '080',
        actor: PROVIDER_REFUSAL_ACTOR,
      })),
    )
    expect(await sql()`SELECT status, last_error FROM text_messages`).toEqual([
      {status: 'cancelled', last_error: '수신거부'},
    ])
  })

  it('read next from a day before the last complete read, and keep the first refusal', async () => {
    await sql()`INSERT INTO text_refusals VALUES ('010-4000-0003', ${new Date(NOW - 9 * DAY)},
      'staff', 'admin@example.com')`
    interceptSolapi(() => page([], null))
    await read(SOLAPI, NOW - 3 * DAY)
    const calls = interceptSolapi(() => page(['01040000003'], null))
    expect(await read()).toMatchObject({since: new Date(NOW - 4 * DAY).toISOString(), added: 0})
    const gte = new URL(calls[0]!.url).searchParams.get('dateCreated[gte]')
    expect(Date.parse(gte!)).toBe(NOW - 4 * DAY)
    expect(await sql()`SELECT source FROM text_refusals`).toEqual([{source: 'staff'}])
  })

  it('are read again from the same start after a read the provider cut short', async () => {
    interceptSolapi((n) =>
      n === 1
        ? page(['01040000004'], 'K2')
        : Response.json({errorCode: 'Forbidden', errorMessage: 'no'}, {status: 403}),
    )
    vi.spyOn(console, 'error').mockImplementationOnce(() => {})
    expect(await read()).toMatchObject({read: 1, added: 1, complete: false})
    const calls = interceptSolapi(() => page([], null))
    expect(await read(SOLAPI, NOW + DAY)).toMatchObject({since: null, complete: true})
    expect(new URL(calls[0]!.url).searchParams.has('dateCreated[gte]')).toBe(false)
    expect(await sql()`SELECT count(*)::int AS n FROM refusal_reads`).toEqual([{n: 2}])
  })

  it('are not read when SOLAPI does not send the texts: locally, or off production', async () => {
    const calls = interceptSolapi(() => page(['01040000005'], null))
    expect(await read({...SOLAPI, SMS_PROVIDER: 'local'})).toEqual({status: 'not-configured'})
    expect(await read({...SOLAPI, CONTEXT: 'deploy-preview'})).toEqual({
      status: 'not-configured',
    })
    expect(calls).toEqual([])
    expect(await sql()`SELECT count(*)::int AS n FROM refusal_reads`).toEqual([{n: 0}])
  })
})
