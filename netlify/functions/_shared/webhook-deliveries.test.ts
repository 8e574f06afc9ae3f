import {describe, expect, it} from 'vitest'
import {withTestDatabase} from '#tests/helpers/test-database.ts'
import {sql} from './database.ts'
import {
  claimDelivery,
  DELIVERY_MEMORY_MS,
  deliveryKeys,
  releaseDelivery,
} from './webhook-deliveries.ts'

withTestDatabase()

const START = Date.parse('2026-11-26T00:00:00Z')
const stored = async () =>
  (await sql()<{n: number}>`SELECT count(*)::int AS n FROM webhook_deliveries`)[0]?.n

describe('webhook deliveries', () => {
  it('claims a delivery once within the window, and again after it', async () => {
    const keys = deliveryKeys('t=1,v1=abc', 'delivery-1')
    expect(await claimDelivery(keys, START)).toBe(true)
    expect(await claimDelivery(keys, START + DELIVERY_MEMORY_MS - 1)).toBe(false)
    expect(await claimDelivery(keys, START + DELIVERY_MEMORY_MS)).toBe(true)
  })

  it('deletes expired deliveries as new ones are claimed', async () => {
    await claimDelivery(deliveryKeys('t=1,v1=old', 'old-1'), START)
    await claimDelivery(deliveryKeys('t=2,v1=old', null), START + 1000)
    expect(await stored()).toBe(3)
    await claimDelivery(deliveryKeys('t=3,v1=new', null), START + DELIVERY_MEMORY_MS + 1000)
    expect(await stored()).toBe(1)
  })

  it('forgets a released delivery', async () => {
    const keys = deliveryKeys('t=1,v1=abc', null)
    await claimDelivery(keys, START)
    await releaseDelivery(keys)
    expect(await claimDelivery(keys, START + 1)).toBe(true)
  })
})
