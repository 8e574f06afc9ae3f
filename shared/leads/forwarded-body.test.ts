import {describe, expect, it} from 'vitest'
import {forwardedBody, type ForwardedLead} from './lead.ts'

const LEAD: ForwardedLead = {
  id: 'b3c1f1e2-0000-4000-8000-000000000001',
  receipt: 'R-20261121-ABCD',
  createdAt: '2026-11-21T03:00:00.000Z',
  name: '홍길동',
  phone: '010-1234-5678',
  consent: true,
  marketingConsent: false,
  source: 'popup',
  site: 'daegu',
  attribution: {},
}

describe('the body forwarded to the form-collection service', () => {
  it('carries the booked visit’s date in Korea as visitDate, and an empty email', () => {
    const body = forwardedBody({
      ...LEAD,
      visit: {start: '2026-11-27T00:30:00+09:00', status: 'booked'},
    })
    expect(body).toMatchObject({email: '', visitDate: '2026-11-27', name: '홍길동'})
    expect(body).not.toHaveProperty('visit')
  })

  it('keeps visitDate empty without a booked visit', () => {
    expect(forwardedBody(LEAD).visitDate).toBe('')
    const cancelled = {start: '2026-11-27T10:00:00+09:00', status: 'cancelled'} as const
    expect(forwardedBody({...LEAD, visit: cancelled}).visitDate).toBe('')
  })
})
