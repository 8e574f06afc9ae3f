import type {Context} from '@netlify/functions'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {mintAdminToken, TEST_STAFF_CONTEXT} from '#tests/helpers/admin-token.ts'
import {withTestDatabase} from '#tests/helpers/test-database.ts'
import {UNSCRUBBED_MESSAGE} from '../_shared/production-copy/gate.ts'
import {scrubProductionCopy} from '../_shared/production-copy/scrub.ts'
import {COPIED_LEAD, copyProductionRows, PEOPLE_VALUES} from '#tests/helpers/production-copy.ts'
import {visitToken} from '../_shared/auth/visit-link.ts'
import adminLead from '../admin-lead.mts'
import adminLeads from '../admin-leads.mts'
import adminMessages from '../admin-texts.mts'
import adminRequests from '../admin-requests.mts'
import register from '../register.mts'
import visit from '../visit.mts'
import visitorCode from '../visitor-code.mts'

/*
 * A deploy preview whose database was forked from production's, with a person in it: its
 * functions serve none of that person, before the scrub (they answer nothing) and after it
 * (the person is gone).
 */

type Handler = (req: Request, context: Context) => Promise<Response>

const NOW = Date.parse('2026-11-26T09:30:00+09:00')
const context = TEST_STAFF_CONTEXT as Context

const leaked = (text: string) => PEOPLE_VALUES.filter((value) => text.includes(value))

describe('a deploy preview with a copy of production’s people', () => {
  withTestDatabase()
  let token: string

  const staffGet = (handler: Handler, path: string) =>
    handler(new Request(`http://localhost${path}`, {headers: {Authorization: `Bearer ${token}`}}), {
      ...context,
      params: {id: COPIED_LEAD},
    } as unknown as Context)

  beforeEach(async () => {
    vi.stubEnv('AUTH_SECRET', 'a'.repeat(48))
    await copyProductionRows(NOW)
    token = await mintAdminToken()
    vi.stubEnv('CONTEXT', 'deploy-preview')
  })
  afterEach(() => vi.unstubAllEnvs())

  it('answers nothing until the scrub has run: staff reads, the visitor’s links and the forms', async () => {
    const link = `/api/visits/${visitToken(COPIED_LEAD, process.env, 'owner')}`
    const answers = [
      await staffGet(adminLead, `/api/admin/leads/${COPIED_LEAD}`),
      await staffGet(adminLeads, '/api/admin/leads'),
      await staffGet(adminMessages, '/api/admin/messages'),
      await staffGet(adminRequests, '/api/admin/requests'),
      await visit(new Request(`http://localhost${link}`), context),
      await visitorCode(
        new Request('http://localhost/api/visitor/code', {
          method: 'POST',
          headers: {'Content-Type': 'application/json'},
          body: JSON.stringify({site: 'daegu', phone: '010-2222-3333'}),
        }),
        context,
      ),
      await register(
        new Request('http://localhost/api/register', {
          method: 'POST',
          headers: {'Content-Type': 'application/json'},
          body: JSON.stringify({name: '미리보기 시험', phone: '01012345678', consent: true}),
        }),
        context,
      ),
    ]
    for (const answer of answers) {
      expect(answer.status).toBe(503)
      expect(answer.headers.get('retry-after')).toBe('300')
      const text = await answer.text()
      expect(JSON.parse(text)).toEqual({ok: false, error: UNSCRUBBED_MESSAGE})
      expect(leaked(text)).toEqual([])
    }
  })

  it('tells a form sent without JavaScript the same in a page', async () => {
    const answer = await register(
      new Request('http://localhost/api/register', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'text/html,application/xhtml+xml',
        },
        body: 'name=%EC%8B%9C%ED%97%98&phone=01012345678&consent=on',
      }),
      context,
    )
    expect(answer.status).toBe(503)
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const page = await answer.text()
    expect(page).toContain('<html lang="ko">')
    expect(page).toContain(UNSCRUBBED_MESSAGE)
  })

  it('serves again once scrubbed, and then none of the people it copied', async () => {
    await scrubProductionCopy(process.env, NOW)
    // The scrub ended production's sign-ins with the rest of its sessions.
    expect((await staffGet(adminLead, `/api/admin/leads/${COPIED_LEAD}`)).status).toBe(401)
    token = await mintAdminToken()
    for (const [handler, path] of [
      [adminLead, `/api/admin/leads/${COPIED_LEAD}`],
      [adminLeads, '/api/admin/leads'],
      [adminMessages, '/api/admin/messages'],
      [adminRequests, '/api/admin/requests'],
    ] as const) {
      const answer = await staffGet(handler, path)
      expect(answer.status).toBe(200)
      const text = await answer.text()
      expect(text).toContain('000-0000-')
      expect(leaked(text)).toEqual([])
    }
  })

  it('stays out of production’s way: production serves its people without any scrub', async () => {
    vi.stubEnv('CONTEXT', 'production')
    const answer = await staffGet(adminLead, `/api/admin/leads/${COPIED_LEAD}`)
    expect(answer.status).toBe(200)
    expect(await answer.text()).toContain('김비밀')
  })
})
