import {describe, expect, it, vi} from 'vitest'
import {scheduleOf} from '#shared/visits/schedule.ts'
import {ModelHouses, type SiteHouse} from './model-houses.ts'

const HOUSE: SiteHouse = {
  site: 'ulsan-lakepark',
  siteName: '솔담 레이크파크',
  house: {address: '울산', mapUrl: null, schedule: scheduleOf({})},
}

describe('the model houses', () => {
  it('fill what the editor left empty with the Studio’s defaults', () => {
    expect(scheduleOf({hours: [{weekday: 2, opens: '10:00', closes: null}]})).toEqual({
      hours: [],
      closedDates: [],
      slotMinutes: 30,
      capacity: 4,
      bookingDays: 14,
      cutoffMinutes: 60,
      openOnHolidays: false,
    })
  })

  it('are read once per 30 s, and kept when the lake fails afterwards', async () => {
    let now = 0
    const load = vi.fn(async () => [HOUSE])
    const houses = new ModelHouses(load, 30_000, () => now)
    expect(await houses.get('ulsan-lakepark')).toEqual(HOUSE)
    now = 29_000
    expect(await houses.get('nowhere')).toBeNull()
    expect(load).toHaveBeenCalledTimes(1)
    now = 31_000
    load.mockRejectedValueOnce(new Error('lake down'))
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(await houses.get('ulsan-lakepark')).toEqual(HOUSE)
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('fail when the lake cannot be read and nothing is cached', async () => {
    const houses = new ModelHouses(async () => Promise.reject(new Error('lake down')))
    await expect(houses.get('ulsan-lakepark')).rejects.toThrow('lake down')
  })
})
