import {beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {hashPassword} from '../auth/password.ts'
import {scheduleOf} from '#shared/visits/schedule.ts'
import {forEachDatabase} from '#tests/helpers/test-database.ts'
import {auditAside} from '../audit.ts'
import {sql} from '../database.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {jsonRequest, validBody} from '../leads/testing.ts'
import {createCancelHandler, createMoveHandler} from '../visits/handlers.ts'
import {NOW, SITE, testHouses, testSiteDirectory, useVisitTestServices} from '../visits/testing.ts'
import {visitToken} from '../auth/visit-link.ts'
import type {TextContent} from './content.ts'
import {runTexts} from './outbox-run.ts'
import {alertUncontacted, contactDueAt} from './owner-alerts.ts'
import {seedTextContent} from './testing.ts'

const at = (text: string) => Date.parse(text)
const ADMIN = 'boss@example.com'
const COUNSELLOR = 'kim@example.com'
const QUIET = 'lee@example.com'
const SITE_PHONE = '010-9000-0001'
const KIM_PHONE = '010-9000-0002'
const BOSS_PHONE = '010-9000-0003'
const SLOT = '2026-11-27T10:00:00+09:00'

/** The test lake's first site: Sunday and Tuesday to Saturday 10:00-18:00, closed 2026-12-02. */
const SCHEDULE = scheduleOf({
  address: '울산',
  hours: [0, 2, 3, 4, 5, 6].map((weekday) => ({weekday, opens: '10:00', closes: '18:00'})),
  closedDates: ['2026-12-02'],
})

describe('the contact limit in opening hours', () => {
  it('counts only the hours the model house is open', () => {
    const due = (made: string, hours = 2) =>
      new Date(contactDueAt(at(made), hours, SCHEDULE)!).toISOString()
    // Thursday morning before opening: two hours from 10:00.
    expect(due('2026-11-26T09:30:00+09:00')).toBe(
      new Date(at('2026-11-26T12:00:00+09:00')).toISOString(),
    )
    // An hour before closing: the second hour is Friday's first.
    expect(due('2026-11-26T17:00:00+09:00')).toBe(
      new Date(at('2026-11-27T11:00:00+09:00')).toISOString(),
    )
    // Sunday evening: Monday is closed, so Tuesday morning.
    expect(due('2026-11-29T17:00:00+09:00')).toBe(
      new Date(at('2026-12-01T11:00:00+09:00')).toISOString(),
    )
    // A closed date (Wednesday 2 December) is skipped as well.
    expect(due('2026-12-01T17:30:00+09:00')).toBe(
      new Date(at('2026-12-03T11:30:00+09:00')).toISOString(),
    )
    // A site without a model house counts the clock.
    expect(contactDueAt(at('2026-11-26T23:00:00+09:00'), 2, null)).toBe(
      at('2026-11-27T01:00:00+09:00'),
    )
  })
})

describe('alerts to owners and administrators', () => {
  useVisitTestServices()
  let adminUsers = ''
  let phone = 0
  beforeAll(async () => {
    const hash = await hashPassword('비밀번호-123', {N: 1024, r: 8, p: 1})
    adminUsers = `${ADMIN}:${hash},${COUNSELLOR}:${hash}:${SITE},${QUIET}:${hash}:${SITE}`
  })
  beforeEach(() => {
    vi.stubEnv('ADMIN_USERS', adminUsers)
    phone = 0
  })

  const content = async (): Promise<TextContent> => ({
    ...(await seedTextContent()),
    sites: new Map([
      [
        SITE,
        {
          name: '솔담 레이크파크',
          address: '울산광역시 남구 삼산로 287',
          mapUrl: null,
          staffPhones: [SITE_PHONE],
          staffContacts: [
            {email: COUNSELLOR, phone: KIM_PHONE},
            {email: ADMIN, phone: BOSS_PHONE},
          ],
          contactLimitHours: 2,
        },
      ],
    ]),
  })
  const deps = (now: number) => ({clock: () => now, houses: testHouses(), texts: {content}})
  /** Registers a lead at `now` (a visit at `visitAt` when given); answers its id. */
  async function registered(now = NOW, visitAt?: string): Promise<string> {
    const number = `010-5555-${String(++phone).padStart(4, '0')}`
    const answer = await createRegisterHandler({
      ...deps(now),
      sites: testSiteDirectory(),
      env: {...process.env, REGISTER_RATE_LIMIT: '100000'},
    })(jsonRequest(validBody({site: SITE, phone: number, ...(visitAt ? {visitAt} : {})})), {
      ip: '203.0.113.9',
    })
    expect(answer.status).toBe(201)
    const [lead] = await sql()<{id: string}>`SELECT id FROM leads WHERE phone = ${number}`
    return lead!.id
  }
  const alerts = (prefix: string) =>
    sql()<{recipient: string; body: string}>`
      SELECT recipient, body FROM text_messages
      WHERE kind = 'staff-alert' AND fold_key LIKE ${`${prefix} %`} ORDER BY created_at, recipient`
  const sweep = (now: number) => alertUncontacted(content, testHouses(), process.env, now)

  it('texts the administrators once when a new lead waits past the limit, folding a window', async () => {
    const first = await registered()
    const second = await registered(NOW + 60_000)
    await sweep(at('2026-11-26T11:59:00+09:00'))
    expect(await alerts('contact')).toEqual([])
    await sweep(at('2026-11-26T12:03:00+09:00'))
    await sweep(at('2026-11-26T12:04:00+09:00'))
    const sent = await alerts('contact')
    expect(sent).toEqual([
      {
        recipient: BOSS_PHONE,
        body: expect.stringMatching(
          /^\[솔담 레이크파크\] 연락 기한 지난 문의 2건: 홍\*동 010-5555-0001 · 담당 kim · 11월 26일\(목\) 09:30 접수, 홍\*동 010-5555-0002 · 담당 lee · /,
        ),
      },
    ])
    await sweep(at('2026-11-26T15:00:00+09:00'))
    expect(await alerts('contact')).toHaveLength(1)
    expect([first, second]).toHaveLength(2)
  })

  it('does not alert a lead that was contacted: its stage moved or a call was recorded', async () => {
    const staged = await registered()
    const called = await registered()
    await sql()`UPDATE leads SET stage = 'contacted' WHERE id = ${staged}::uuid`
    // A call's outcome as the call log records it (audit action 'call', migration 0022).
    await sql()`INSERT INTO audit_log (at, actor, action, lead_id, detail)
      VALUES (${new Date(NOW)}, ${COUNSELLOR}, 'call', ${called}::uuid, '{}'::jsonb)`
    await runTexts({clock: () => at('2026-11-26T13:00:00+09:00'), content, houses: testHouses()})
    expect(await alerts('contact')).toEqual([])
  })

  it('texts the owner when the visitor cancels or moves the visit, not when staff do', async () => {
    const cancelled = await registered(NOW, SLOT)
    const moved = await registered(NOW + 60_000, SLOT)
    const owners = await sql()<{owner: string}>`SELECT owner FROM leads ORDER BY created_at`
    expect(owners.map((row) => row.owner)).toEqual([COUNSELLOR, QUIET])
    const link = (id: string, action: 'cancel' | 'move', body?: unknown) => {
      const token = visitToken(id)
      const handler = (action === 'cancel' ? createCancelHandler : createMoveHandler)(deps(NOW))
      return handler(
        new Request(`http://localhost/api/visits/${token}/${action}`, {
          method: 'POST',
          headers: {'Content-Type': 'application/json'},
          ...(body ? {body: JSON.stringify(body)} : {}),
        }),
        {params: {token}, ip: '198.51.100.7'},
      )
    }
    expect((await link(cancelled, 'cancel')).status).toBe(200)
    expect((await link(moved, 'move', {visitAt: '2026-11-28T11:00:00+09:00'})).status).toBe(200)
    expect(await alerts('visit')).toEqual([
      // An owner without a phone of their own: the site's alert list.
      {
        recipient: SITE_PHONE,
        body: '[솔담 레이크파크] 방문객 예약 변경: 홍*동 010-5555-0002 · 방문 변경 11월 27일(금) 10:00 → 11월 28일(토) 11:00',
      },
      // The owner's own phone.
      {
        recipient: KIM_PHONE,
        body: '[솔담 레이크파크] 방문객 예약 변경: 홍*동 010-5555-0001 · 예약 취소 11월 27일(금) 10:00',
      },
    ])
    // A change a staff member made (recorded with their e-mail) is theirs to know: no text;
    // and the sweep finds nothing more to alert.
    const byStaff = await registered(NOW + 120_000, SLOT)
    await sql()`UPDATE visits SET status = 'cancelled', last_change = 'cancelled',
      revision = revision + 1 WHERE lead_id = ${byStaff}::uuid`
    await auditAside({at: NOW, actor: ADMIN, action: 'visit-cancel', leadId: byStaff})
    await runTexts({clock: () => NOW + 180_000, content, houses: testHouses()})
    expect(await alerts('visit')).toHaveLength(2)
    const [marked] = await sql()<{owner_alerted_revision: number}>`
      SELECT owner_alerted_revision FROM visits WHERE lead_id = ${byStaff}::uuid`
    expect(marked?.owner_alerted_revision).toBe(2)
    // At the window's end both go: the owner's own number is one the site lists.
    await runTexts({clock: () => NOW + 6 * 60_000, content, houses: testHouses()})
    const sent = await sql()<{recipient: string; status: string}>`
      SELECT recipient, status FROM text_messages
      WHERE fold_key LIKE 'visit %' ORDER BY recipient`
    expect(sent).toEqual([
      {recipient: SITE_PHONE, status: 'kept'},
      {recipient: KIM_PHONE, status: 'kept'},
    ])
  })

  forEachDatabase('alerted once under concurrency', () => {
    it('queues one contact alert however many sweeps run at once', async () => {
      await registered()
      const late = at('2026-11-26T12:30:00+09:00')
      await Promise.all(Array.from({length: 5}, () => sweep(late)))
      const [alert] = await alerts('contact')
      expect(alert?.body).toMatch(/연락 기한 지난 문의: 홍\*동/)
      expect(await alerts('contact')).toHaveLength(1)
    })
  })
})
