/** A number's refusal of advertising texts, as `POST /api/admin/refusals` records it. */
export interface Refusal {
  /** The number as stored. */
  phone: string
  /** When the number first refused: a second record keeps the first time. */
  refusedAt: string
  /** Adverts that were waiting to that number and are now cancelled. */
  cancelled: number
}
