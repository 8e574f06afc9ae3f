/*
 * The CSV the staff download, read back as a spreadsheet would: for tests of the leads' CSV
 * (its function, its handler, the browser's download).
 */

/**
 * Splits RFC 4180 text into rows of cells (quoted cells may hold commas, quotes and line breaks).
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [[]]
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') cell += text[++i]
      else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') {
      quoted = true
    } else if (char === ',' || (char === '\r' && text[i + 1] === '\n')) {
      rows.at(-1)!.push(cell)
      cell = ''
      if (char === '\r') {
        rows.push([])
        i++
      }
    } else {
      cell += char
    }
  }
  rows.pop()
  return rows
}

/** Each row's cells by its header's names; a leading byte-order mark is skipped. */
export function csvRecords(text: string): Array<Record<string, string>> {
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''))
  return rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index]!])))
}
