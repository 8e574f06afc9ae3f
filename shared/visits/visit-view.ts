import type {QrDrawing} from '../qr-drawing.ts'
import type {UnitRemaining} from '../units/remaining.ts'

/** A booking as the visitor's own page shows it (`GET /api/visits/:token`). */
export interface VisitView {
  receipt: string
  name: string
  site: string
  siteName: string
  /** The visit's time (`2026-11-27T10:00:00+09:00`), null for a registration without a visit. */
  visitAt: string | null
  /** `registered`: the lead booked no visit (the link of its acknowledgement). */
  status: 'booked' | 'cancelled' | 'registered'
  marketingConsent: boolean
  /** The number's owner confirmed the marketing consent. */
  marketingConfirmed: boolean
  /** The link is the one texted to the number (it may confirm the consent). */
  owner: boolean
  address: string | null
  mapUrl: string | null
  changeable: boolean
  /** The code the visitor shows at the model house's door, on the visit's day only. */
  arrivalCode?: string
  /** The same check-in as a QR code for the door's scanner, beside the code. */
  arrivalQr?: QrDrawing
  /** When the visitor was checked in at the model house. */
  arrivedAt?: string
  /** The page offers 방문 확인: from the day before the visit until it starts, once. */
  confirmable: boolean
  /** When the visitor confirmed they are coming. */
  confirmedAt?: string
  /** When the visit was marked a no-show: the page leads to booking again. */
  noShowAt?: string
  /**
   * The unit types' remaining counts now, as the advert's `#{잔여}` reads them (empty when none
   * is counted or they could not be read).
   */
  units: readonly UnitRemaining[]
}
