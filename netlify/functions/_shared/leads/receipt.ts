import {kstDate} from '#shared/korea-time.ts'
import {randomInt} from 'node:crypto'

/* No 0/O or 1/I: a receipt is read out over the phone. */
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'

/**
 * A short receipt a visitor can quote to staff: `R-20261121-7KQ2` (Seoul date and four
 * random characters). Uniqueness is not left to chance: the caller claims it in the
 * store and draws again on a clash.
 */
export function newReceipt(now: number): string {
  const code = Array.from({length: 4}, () => ALPHABET[randomInt(ALPHABET.length)]).join('')
  return `R-${kstDate(now).replaceAll('-', '')}-${code}`
}
