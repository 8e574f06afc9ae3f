import {readdirSync} from 'node:fs'
import {randomUUID} from 'node:crypto'
import type {Config} from '@netlify/functions'
import {describe, expect, it} from 'vitest'
import {mintAdminToken, TEST_ADMIN_EMAIL} from '#tests/helpers/admin-token.ts'
import {withTestDatabase} from '#tests/helpers/test-database.ts'
import type {AccessTasks} from '../_shared/access/recorded.ts'
import {sql} from '../_shared/database.ts'

/*
 * Every staff endpoint (a function under /api/admin/) writes one row of the access record
 * for each call, with the task of its method. A new staff endpoint fails here until it is
 * wrapped in recordsAccess and listed below, or listed as reading no one's data.
 */

withTestDatabase()

type Handler = (req: Request, context: unknown) => Promise<Response>

/** The task each method of each staff endpoint is recorded as. */
const RECORDED: Record<string, AccessTasks> = {
  'admin-leads.mts': {GET: '조회'},
  'admin-leads-csv.mts': {GET: '다운로드'},
  'admin-leads-zip.mts': {POST: '다운로드'},
  'admin-today.mts': {GET: '조회'},
  'admin-lead.mts': {GET: '조회', PATCH: '변경'},
  'admin-leads-delete.mts': {DELETE: '삭제'},
  // Sends the lead to the form-collection service: the data leaves for another system.
  'admin-leads-resend.mts': {POST: '출력'},
  'admin-lead-calls.mts': {POST: '변경'},
  'admin-lead-owner.mts': {GET: '조회', PUT: '변경'},
  'admin-lead-visit.mts': {POST: '변경'},
  'admin-visits.mts': {GET: '조회'},
  'admin-visits-check-in.mts': {POST: '변경'},
  'admin-visits-no-show.mts': {POST: '변경'},
  'admin-visits-walk-in.mts': {POST: '입력'},
  'admin-texts.mts': {GET: '조회'},
  'admin-refusals.mts': {POST: '입력'},
  'admin-stats.mts': {GET: '조회'},
  'admin-access-log.mts': {GET: '조회'},
  'admin-access-review.mts': {GET: '조회', POST: '입력'},
  // Visitors' requests about their data: the number, the words, staff's answer.
  'admin-requests.mts': {GET: '조회'},
  'admin-request-answer.mts': {POST: '변경'},
  // The staff's own e-mails, roles and sites, and who may see whose data.
  'admin-staff.mts': {GET: '조회', POST: '입력'},
  'admin-staff-account.mts': {PATCH: '변경'},
  'admin-staff-link.mts': {POST: '변경'},
  'admin-staff-changes.mts': {GET: '조회'},
}

/** Staff endpoints that read or change no one's data, and why. */
const NOT_RECORDED: Record<string, string> = {
  'admin-login.mts': 'the sign-in, in the audit log',
  'admin-logout.mts': 'the sign-out, in the audit log',
  'admin-refresh.mts': 'the refresh of a sign-in, in the audit log',
  'admin-away.mts': "the staff member's own 자리 비움 mark",
  'admin-access-review-due.mts': 'whether last month was reviewed',
  'admin-destruction-runs.mts': 'counts of what the retention job destroyed, naming nobody',
  'admin-health.mts': 'counts of the texts, leads, jobs and records, naming nobody',
  'admin-incidents.mts': 'the incidents of the machinery open now, naming nobody',
  'admin-second-factor.mts': "the staff member's own second factor, in the audit log",
  'admin-passkey-options.mts': "the staff member's own passkey ceremony",
  'admin-passkeys.mts': "the staff member's own passkeys, in the audit log",
  'admin-totp-enrolment.mts': "the staff member's own authenticator app",
  'admin-totp.mts': "the staff member's own authenticator app, in the audit log",
  'admin-recovery-codes.mts': "the staff member's own recovery codes, in the audit log",
}

const FUNCTIONS_DIR = new URL('..', import.meta.url)

async function staffEndpoints() {
  const endpoints: Array<{file: string; path: string; methods: string[]; handler: Handler}> = []
  for (const file of readdirSync(FUNCTIONS_DIR).filter((name) => name.endsWith('.mts'))) {
    const module = (await import(new URL(file, FUNCTIONS_DIR).href)) as {
      default: Handler
      config?: Config
    }
    const path = module.config?.path
    if (typeof path !== 'string' || !path.startsWith('/api/admin/')) continue
    const method = module.config?.method
    endpoints.push({
      file,
      path,
      methods: method === undefined ? [] : typeof method === 'string' ? [method] : [...method],
      handler: module.default,
    })
  }
  return endpoints
}

const endpoints = await staffEndpoints()

it('every staff endpoint is either recorded or said to read no one’s data', () => {
  expect(endpoints.length).toBeGreaterThan(15)
  for (const {file, methods} of endpoints) {
    expect(file in RECORDED || file in NOT_RECORDED, `${file}: list it above`).toBe(true)
    // A method declared in the config is the endpoint's whole contract: each has its task.
    if (file in RECORDED && methods.length > 0)
      expect(Object.keys(RECORDED[file]!).sort(), file).toEqual([...methods].sort())
  }
})

describe.each(endpoints.filter(({file}) => file in RECORDED))('$file', ({file, path, handler}) => {
  it.each(Object.entries(RECORDED[file]!))(
    '%s writes one row of the access record as %s',
    async (method, task) => {
      const id = randomUUID()
      const token = await mintAdminToken()
      const url = `http://localhost${path.replace(':id', id)}`
      const answer = await handler(
        new Request(url, {
          method,
          headers: {authorization: `Bearer ${token}`, 'content-type': 'application/json'},
          ...(method === 'GET' || method === 'DELETE' ? {} : {body: '{}'}),
        }),
        {ip: '198.51.100.23', params: path.includes(':id') ? {id} : {}},
      )
      await answer.body?.cancel()
      expect(answer.status, `${method} ${path}`).toBeLessThan(500)
      const rows = await sql()<Record<string, unknown>>`
        SELECT actor, address, task, method, path, status, lead_ids FROM access_log`
      expect(rows).toEqual([
        {
          actor: TEST_ADMIN_EMAIL,
          address: '198.51.100.23',
          task,
          method,
          path: new URL(url).pathname,
          status: answer.status,
          lead_ids: path.includes(':id') ? [id] : [],
        },
      ])
    },
  )
})
