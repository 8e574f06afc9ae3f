import type {Context} from '@netlify/functions'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {withTestBlobs} from '#tests/helpers/test-blobs.ts'
import {mintAdminToken, TEST_AUTH_SECRET, TEST_STAFF_CONTEXT} from '#tests/helpers/admin-token.ts'
import {withTestDatabase} from '#tests/helpers/test-database.ts'
import {ADMINISTRATORS_ONLY} from '../_shared/leads/destruction-runs-handler.ts'
import {copyProductionRows, PEOPLE_VALUES} from '#tests/helpers/production-copy.ts'
import {SCHEDULE_SIGNATURE_HEADER, signScheduledRun} from '../_shared/scheduled-runs.ts'
import destructionRuns from '../admin-destruction-runs.mts'
import destroyExpired, {config} from '../destroy-expired.mts'

const DAY = 24 * 60 * 60_000
const context = TEST_STAFF_CONTEXT as Context

describe('destruction that can be shown', () => {
  // Each run is recorded in Blobs.
  withTestBlobs()
  withTestDatabase()
  beforeEach(() => {
    vi.stubEnv('AUTH_SECRET', TEST_AUTH_SECRET)
    vi.stubEnv('LOCAL_SCHEDULER', '1')
  })
  afterEach(() => vi.unstubAllEnvs())

  const runJob = (signature = signScheduledRun('destroy-expired', TEST_AUTH_SECRET)) =>
    destroyExpired(
      new Request('http://localhost/.netlify/functions/destroy-expired', {
        method: 'POST',
        headers: {[SCHEDULE_SIGNATURE_HEADER]: signature},
      }),
    )
  const read = async (token: string | null, method = 'GET') =>
    destructionRuns(
      new Request('http://localhost/api/admin/destruction-runs', {
        method,
        headers: token ? {Authorization: `Bearer ${token}`} : {},
      }),
      context,
    )

  it('runs daily at 04:00 in Seoul, and only for the scheduler', async () => {
    expect(config.schedule).toBe('0 19 * * *')
    expect((await runJob('1.forged')).status).toBe(401)
  })

  it('shows administrators each run and what it destroyed, newest first, naming nobody', async () => {
    await copyProductionRows(Date.now() - 400 * DAY)
    const job = await runJob()
    expect(job.status).toBe(200)
    expect(await job.json()).toMatchObject({ok: true, runs: [{destroyed: {leads: 3, texts: 3}}]})
    await runJob()

    const answer = await read(await mintAdminToken())
    expect(answer.status).toBe(200)
    const text = await answer.text()
    expect(PEOPLE_VALUES.filter((value) => text.includes(value))).toEqual([])
    const body = JSON.parse(text) as {retentionDays: number; runs: {destroyed: {leads: number}}[]}
    expect(body.retentionDays).toBe(365)
    expect(body.runs.map((run) => run.destroyed.leads)).toEqual([0, 3])
  })

  it('refuses counsellors, strangers and other methods in Korean', async () => {
    const counsellor = await read(await mintAdminToken('c@example.com', new Date(), ['daegu']))
    expect(counsellor.status).toBe(403)
    expect(await counsellor.json()).toEqual({ok: false, error: ADMINISTRATORS_ONLY})
    expect((await read(null)).status).toBe(401)
    expect((await read(await mintAdminToken(), 'POST')).status).toBe(405)
  })
})
