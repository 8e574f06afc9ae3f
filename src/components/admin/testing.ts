import type {Lead} from '#src/lib/api/leads.ts'

/* Shared by the staff screens' component tests only (no screen imports it). */

/** A lead as the staff endpoints answer it: new, delivered, no visit; `extra` changes it. */
export const testLead = (extra: Partial<Lead> = {}): Lead => ({
  id: 'lead-1',
  receipt: 'R-20261126-AB12',
  createdAt: '2026-11-26T00:30:00.000Z',
  name: '홍길동',
  phone: '010-1234-5678',
  consent: true,
  marketingConsent: false,
  source: 'popup',
  site: 'ulsan-lakepark',
  attribution: {},
  delivery: {status: 'delivered', attempts: 1},
  stage: 'new',
  repeats: 0,
  ...extra,
})
