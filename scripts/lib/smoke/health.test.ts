import {createServer, type IncomingMessage, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'
import {totpCodeStep} from '#shared/auth/totp.ts'
import {checkHealth, healthAuthFromEnv} from './health.ts'

const TOKEN = 'access-token-of-the-administrator'
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
const ON_TIME = {name: 'send-texts', schedule: '* * * * *', lastRunAt: '2026-11-30T01:00:00Z'}

// A small stand-in for a deploy's health endpoint and staff sign-in.
let server: Server
let base: string
let health: {status: number; body: unknown}
let signIns: unknown[] = []

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return JSON.parse(Buffer.concat(chunks).toString('utf8'))
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const send = (status: number, body: unknown) =>
      res.writeHead(status, {'content-type': 'application/json'}).end(JSON.stringify(body))
    if (req.url === '/api/admin/login') {
      void bodyOf(req).then((body) => {
        signIns.push(body)
        const {password, code} = body as {password: string; code: string}
        if (password === 'right' && totpCodeStep(SECRET, code, Date.now()) !== null)
          send(200, {accessToken: TOKEN})
        else send(401, {ok: false})
      })
      return
    }
    if (req.url !== '/api/admin/health') return send(404, {ok: false})
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return send(401, {ok: false})
    send(health.status, health.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => {
  signIns = []
  health = {
    status: 200,
    body: {ok: true, jobs: [{...ON_TIME, late: false}], texts: {}, forwarding: {}},
  }
})

describe("the smoke test's health step", () => {
  it('passes an endpoint that refuses anonymous calls and has every job on time', async () => {
    const checks = await checkHealth(base, {token: TOKEN})
    expect(checks.map((check) => [check.target, check.ok])).toEqual([
      ['without a token', true],
      ['/api/admin/health', true],
      ['job send-texts', true],
    ])
  })

  it('fails a late job, naming it', async () => {
    health.body = {
      ok: true,
      jobs: [
        {...ON_TIME, late: false},
        {name: 'deliver-leads', lastRunAt: null, late: true},
      ],
    }
    const checks = await checkHealth(base, {token: TOKEN})
    expect(checks.filter((check) => !check.ok)).toEqual([
      {step: 'health', target: 'job deliver-leads', ok: false, detail: 'late, last run never'},
    ])
  })

  it('fails an endpoint that is missing, refused or names no job', async () => {
    for (const answer of [
      {status: 404, body: {ok: false}},
      {status: 200, body: {ok: true, jobs: []}},
      {status: 200, body: {ok: true}},
      {status: 500, body: 'not json'},
    ]) {
      health = answer
      const checks = await checkHealth(base, {token: TOKEN})
      expect(checks.at(-1)?.ok, JSON.stringify(answer)).toBe(false)
    }
    const wrongToken = await checkHealth(base, {token: 'another'})
    expect(wrongToken.at(-1)).toMatchObject({ok: false, detail: 'answered 401 without its jobs'})
  })

  it('signs in with e-mail, password and the code made from the secret', async () => {
    const auth = healthAuthFromEnv({
      SMOKE_ADMIN_EMAIL: 'admin@example.com',
      SMOKE_ADMIN_PASSWORD: 'right',
      SMOKE_ADMIN_TOTP_SECRET: SECRET,
    })
    const checks = await checkHealth(base, auth)
    expect(checks.every((check) => check.ok)).toBe(true)
    expect(signIns).toEqual([
      {email: 'admin@example.com', password: 'right', code: expect.stringMatching(/^\d{6}$/)},
    ])
  })

  it('fails when it has no way to sign in, saying what to set', async () => {
    const checks = await checkHealth(base, healthAuthFromEnv({}))
    expect(checks.at(-1)).toMatchObject({target: 'sign-in', ok: false})
    expect(checks.at(-1)?.detail).toContain('SMOKE_ADMIN_TOKEN')
    const badSecret = healthAuthFromEnv({
      SMOKE_ADMIN_EMAIL: 'a@example.com',
      SMOKE_ADMIN_PASSWORD: 'x',
      SMOKE_ADMIN_TOTP_SECRET: 'not base32!',
    })
    expect(badSecret).toEqual({problem: expect.stringContaining('SMOKE_ADMIN_TOTP_SECRET')})
  })

  it('fails an endpoint that answers without a token', async () => {
    server.prependOnceListener('request', (req) => {
      req.headers.authorization = `Bearer ${TOKEN}`
    })
    const checks = await checkHealth(base, {token: TOKEN})
    expect(checks[0]).toMatchObject({target: 'without a token', ok: false})
  })
})
