import {describe, expect, it} from 'vitest'
import {SCHEDULE_DEFAULTS, type VisitSchedule} from '#shared/visits/schedule.ts'
import {validateVisitAt} from './validate.ts'

/** Tuesday to Sunday 10:00–18:00, Monday closed, 2 December closed. */
const HOUSE: {schedule: VisitSchedule} = {
  schedule: {
    ...SCHEDULE_DEFAULTS,
    hours: [0, 2, 3, 4, 5, 6].map((weekday) => ({weekday, opens: '10:00', closes: '18:00'})),
    closedDates: ['2026-12-02'],
  },
}
/** Thursday 26 November 2026, 09:30 in Seoul. */
const NOW = Date.parse('2026-11-26T09:30:00+09:00')

const check = (visitAt: unknown, {house = HOUSE as typeof HOUSE | null, required = false} = {}) =>
  validateVisitAt({visitAt}, {house: async () => house, now: NOW, required})

describe('the visit time of a registration', () => {
  it('books the time asked for on the house’s grid, with the house it was checked against', async () => {
    expect(await check('2026-11-27T14:00:00+09:00')).toEqual({
      ok: true,
      visit: {visitAt: Date.parse('2026-11-27T05:00:00Z'), house: HOUSE},
    })
  })

  it('asks for none when the field is absent or empty, without reading the house', async () => {
    const unread = async () => {
      throw new Error('the house is read')
    }
    for (const body of [{}, {visitAt: ''}, {visitAt: null}])
      expect(await validateVisitAt(body, {house: unread, now: NOW})).toEqual({
        ok: true,
        visit: null,
      })
  })

  it.each([
    ['not in the wire form', '2026-11-27 14:00', 'invalid'],
    ['a number', Date.parse('2026-11-27T05:00:00Z'), 'invalid'],
    ['in the past', '2026-11-26T09:00:00+09:00', 'past'],
    ['within the cut-off', '2026-11-26T10:00:00+09:00', 'cutoff'],
    ['beyond the booking window', '2026-12-10T10:00:00+09:00', 'beyond'],
    ['on a closed day', '2026-12-02T10:00:00+09:00', 'closed'],
    ['off the grid', '2026-11-27T14:10:00+09:00', 'offGrid'],
  ])('refuses a time %s', async (_, visitAt, code) => {
    expect(await check(visitAt)).toEqual({ok: false, codes: {visitAt: code}})
  })

  it('refuses any time at a site that takes no bookings', async () => {
    expect(await check('2026-11-27T14:00:00+09:00', {house: null})).toEqual({
      ok: false,
      codes: {visitAt: 'unavailable'},
    })
  })

  it('refuses a waiting-list join without a time', async () => {
    expect(await check('', {required: true})).toEqual({ok: false, codes: {visitAt: 'required'}})
  })
})
