import pg from 'pg'
import {expect, inject} from 'vitest'
import {freeSlots, postRegistration} from './leads-page.ts'

/**
 * Books a visit and brings it to today, 10:00 in Seoul, as if booked for today beforehand
 * (the booking window never offers today's past or closed hours). Its seat goes back to the
 * slot it was booked in. Answers the visitor's link.
 */
export async function visitToday(site: string, name: string, phone: string): Promise<string> {
  const slot = (await freeSlots(site)).at(-1)!
  const booked = await postRegistration({name, phone, site, visitAt: slot.start})
  expect(booked.status).toBe(201)
  const {manageUrl} = (await booked.json()) as {manageUrl: string}
  const client = new pg.Client({connectionString: inject('databaseUrl')})
  await client.connect()
  try {
    await client.query(
      `WITH moved AS (
         UPDATE visits v SET starts_at = date_trunc('day', now() AT TIME ZONE 'Asia/Seoul')
           AT TIME ZONE 'Asia/Seoul' + interval '10 hours'
         FROM leads l WHERE l.id = v.lead_id AND l.name = $1
         RETURNING v.site
       )
       UPDATE visit_slots s SET booked = s.booked - 1 FROM moved
       WHERE s.site = moved.site AND s.starts_at = $2::timestamptz`,
      [name, slot.start],
    )
  } finally {
    await client.end()
  }
  return manageUrl
}
