import {INVISIBLE_CLASS} from './invisible.ts'

/**
 * CSV for Excel, written the same way by the staff's lead export and the dashboard's
 * tables: UTF-8 with a byte-order mark (so Excel reads Korean), CRLF line ends, RFC 4180
 * quoting, and no cell that a spreadsheet would run as a formula.
 */

/** The byte-order mark a file starts with. */
export const CSV_BOM = '\uFEFF'

/*
 * A character that makes Excel (and other spreadsheets) run the rest of the cell as a
 * formula, also in its fullwidth or small form (which a Korean or Japanese spreadsheet
 * reads as the ASCII one) and behind invisible characters (which some spreadsheets drop
 * on import); alone (a dash for "none") it is only text.
 */
const FORMULA_START = new RegExp(
  `^[${INVISIBLE_CLASS}]*[=+\\-@\\t\\r＝＋－＠﹦﹢﹣﹫](?=[\\s\\S])`,
  'u',
)

/** RFC 4180: quoted when it holds a comma, quote or line break; quotes doubled. */
export function quoteCell(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell
}

/**
 * A cell: a number as written, a text (a visitor's or a campaign's) with a leading formula
 * character neutralized by an apostrophe.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (typeof value === 'number') return String(value)
  const cell = value ?? ''
  return quoteCell(FORMULA_START.test(cell) ? `'${cell}` : cell)
}

/** One row of cells, ended by CRLF. */
export const csvLine = (cells: ReadonlyArray<string | number | null | undefined>): string =>
  `${cells.map(csvCell).join(',')}\r\n`
