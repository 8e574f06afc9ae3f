import type {Sql} from '../database.ts'

type Fragment = ReturnType<Sql>

/**
 * A seat for each row of `seats` (rows of `site, starts_at, capacity, 1`): the slot's counter
 * raised only while below the schedule's capacity, whose row lock makes a concurrent taker
 * wait and re-check. A booking, a move and staff's booking all take their seat through it.
 * Returns the site and start of each seat taken.
 */
export const takeSeat = (s: Sql, seats: Fragment) => s`
  INSERT INTO visit_slots AS slot (site, starts_at, capacity, booked)
  ${seats}
  ON CONFLICT (site, starts_at) DO UPDATE
    SET booked = slot.booked + 1, capacity = EXCLUDED.capacity
    WHERE slot.booked < EXCLUDED.capacity
  RETURNING site, starts_at`
