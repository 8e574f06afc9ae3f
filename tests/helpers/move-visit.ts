import pg from 'pg'
import {forgetNextDueMarkers} from '#scripts/lib/netlify-cli/next-due-markers.ts'

/**
 * Moves the visit of the lead named `name` to `visitAt` (an SQL expression), as if booked for
 * then beforehand (the booking window offers no past nor today's passed hours), and gives its
 * seat back to the slot `bookedAt` it was booked in. For the browser tests and the benchmark,
 * against the stack's database; the schedules' markers are forgotten, as the functions did not
 * see the move.
 */
export async function moveVisitTo(
  databaseUrl: string,
  name: string,
  bookedAt: string,
  visitAt: string,
): Promise<void> {
  const client = new pg.Client({connectionString: databaseUrl})
  await client.connect()
  try {
    await client.query(
      `WITH moved AS (
         UPDATE visits v SET starts_at = ${visitAt}
         FROM leads l WHERE l.id = v.lead_id AND l.name = $1
         RETURNING v.site
       )
       UPDATE visit_slots s SET booked = s.booked - 1 FROM moved
       WHERE s.site = moved.site AND s.starts_at = $2::timestamptz`,
      [name, bookedAt],
    )
  } finally {
    await client.end()
  }
  forgetNextDueMarkers()
}
