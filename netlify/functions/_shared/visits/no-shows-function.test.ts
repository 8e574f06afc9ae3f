import {describe, expect, it, vi} from 'vitest'
import {withTestBlobs} from '#tests/helpers/test-blobs.ts'
import {TEST_AUTH_SECRET} from '#tests/helpers/admin-token.ts'
import noShows, {config} from '#netlify/functions/no-shows.mts'
import {sql} from '../database.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {jsonRequest, validBody} from '../leads/testing.ts'
import {SCHEDULE_SIGNATURE_HEADER, signScheduledRun} from '../scheduled-runs.ts'
import {seedTextContent} from '../texts/testing.ts'
import {NOW, SITE, testHouses, testSiteDirectory, useVisitTestServices} from './testing.ts'

describe('the no-shows function', () => {
  // Each run is recorded in Blobs.
  withTestBlobs()
  useVisitTestServices()
  const run = (headers: Record<string, string> = {}) =>
    noShows(new Request('http://localhost/.netlify/functions/no-shows', {method: 'POST', headers}))
  const marked = async () =>
    (
      await sql()<{n: number}>`SELECT count(*)::int AS n FROM visits WHERE no_show_at IS NOT NULL`
    )[0]!.n

  it('runs every 5 minutes on Netlify', () => {
    expect(config.schedule).toBe('*/5 * * * *')
  })

  it('marks the visits of the past nobody came to, only when the schedule starts it', async () => {
    // A visit of 27 November 2026, long over by the time this runs.
    const booked = await createRegisterHandler({
      clock: () => NOW,
      houses: testHouses(),
      sites: testSiteDirectory(),
      env: {...process.env, REGISTER_RATE_LIMIT: '100000'},
      texts: {content: seedTextContent},
    })(jsonRequest(validBody({site: SITE, visitAt: '2026-11-27T10:00:00+09:00'})), {
      ip: '203.0.113.9',
    })
    expect(booked.status).toBe(201)
    vi.stubEnv('LOCAL_SCHEDULER', '1')
    vi.stubEnv('AUTH_SECRET', TEST_AUTH_SECRET)
    expect((await run()).status).toBe(401)
    const forged = signScheduledRun('send-texts', TEST_AUTH_SECRET)
    expect((await run({[SCHEDULE_SIGNATURE_HEADER]: forged})).status).toBe(401)
    expect(await marked()).toBe(0)
    const signed = signScheduledRun('no-shows', TEST_AUTH_SECRET)
    const answer = await run({[SCHEDULE_SIGNATURE_HEADER]: signed})
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({ok: true, ran: true, marked: 1})
    expect(await marked()).toBe(1)
  })
})
