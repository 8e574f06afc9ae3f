import {describe, expect, it} from 'vitest'
import {mintAdminToken} from '#tests/helpers/admin-token.ts'
import {seedTextContent} from '../texts/testing.ts'
import {
  NOW,
  OTHER_SITE,
  SITE,
  testHouses,
  testSiteDirectory,
  useVisitTestServices,
} from '../visits/testing.ts'
import {leadHandler} from './admin-handlers.ts'
import {leadsCsvHandler} from './export-handlers.ts'
import {callHandler} from './calls.ts'
import {csvRecords} from '#tests/helpers/csv-records.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {jsonRequest, storedLeads, validBody} from './testing.ts'

const MINUTE = 60_000

describe('the leads CSV as downloaded: GET /api/admin/leads.csv', () => {
  useVisitTestServices()

  it('names sites by their names and carries the last contact and every note', async () => {
    for (const [name, site, phone] of [
      ['울산고객', SITE, '010-5555-0201'],
      ['양산고객', OTHER_SITE, '010-5555-0202'],
    ] as const)
      await createRegisterHandler({
        clock: () => NOW,
        sites: testSiteDirectory(),
        houses: testHouses(),
        env: {...process.env, REGISTER_RATE_LIMIT: '0'},
        texts: {content: seedTextContent},
      })(jsonRequest(validBody({name, site, phone})), {ip: '203.0.113.1'})
    const lead = (await storedLeads()).find((one) => one.name === '울산고객')!
    const token = await mintAdminToken()
    const send = (path: string, method: string, body: unknown) =>
      new Request(`http://localhost/api/admin/leads/${lead.id}${path}`, {
        method,
        headers: {Authorization: `Bearer ${token}`, 'Content-Type': 'application/json'},
        body: JSON.stringify(body),
      })
    const context = {ip: '192.0.2.10', params: {id: lead.id}}
    await leadHandler(send('', 'PATCH', {note: '첫 통화 전 메모'}), context, NOW + MINUTE)
    await callHandler(send('/calls', 'POST', {outcome: 'connected'}), context, NOW + 2 * MINUTE)
    await leadHandler(send('', 'PATCH', {note: '84A, 다음 주 방문'}), context, NOW + 3 * MINUTE)

    const response = await leadsCsvHandler(
      new Request('http://localhost/api/admin/leads.csv?reason=방문 상담 준비', {
        headers: {Authorization: `Bearer ${token}`},
      }),
      {ip: '192.0.2.10'},
      NOW + 4 * MINUTE,
      500,
      testHouses(),
    )
    expect(response.status).toBe(200)
    const records = csvRecords(await response.text())
    const byName = Object.fromEntries(records.map((record) => [record['이름'], record]))
    expect(Object.keys(records[0]!)).not.toContain('방문희망일')
    expect(byName['울산고객']).toMatchObject({
      현장: '솔담 레이크파크',
      상태: '연락완료',
      '마지막 연락': '2026-11-26 09:32',
      메모: '2026-11-26 09:31 첫 통화 전 메모\n2026-11-26 09:33 84A, 다음 주 방문',
    })
    expect(byName['양산고객']).toMatchObject({현장: '솔담 리버파크', '마지막 연락': '', 메모: ''})
  })
})
