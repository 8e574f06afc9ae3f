import {bookLead, saveLead, type NewLead, type SavedLead, type SeatRequest} from '../leads/store.ts'
import {comingVisitOf} from './store.ts'

/** What became of a registration that asked for a time. */
export type BookOrHold = {saved: SavedLead; held: boolean} | 'full'

/** A booking refused for a visit that is gone when read again is tried this often. */
const TRIES = 3

/**
 * Books `seat` with the lead, unless its number holds a coming visit on the site: then the
 * lead is stored without a visit, marked with the visit it holds (`held`), and nothing
 * accepted is lost. The look first answers the common case; the visit's insert refuses a
 * second coming visit under a lock per number (migration 0020), so of two bookings sent at
 * once one books and the other is held.
 */
export async function bookOrHold(lead: NewLead, seat: SeatRequest): Promise<BookOrHold> {
  for (let attempt = 1; attempt <= TRIES; attempt++) {
    const holder = await comingVisitOf(lead.input.site, lead.input.phone, lead.now)
    if (holder) {
      const heldBy = {leadId: holder.leadId, askedAt: seat.visitAt}
      return {saved: await saveLead({...lead, heldBy}), held: true}
    }
    const booked = await bookLead(lead, seat)
    if (booked === 'full') return 'full'
    if (booked !== 'held') return {saved: booked, held: false}
    // A concurrent booking of the number was stored first: it is read on the next turn.
  }
  throw new Error('bookOrHold: the coming visit of the number could not be read')
}
