export interface FactTableFields {
  _key: string
  caption?: string | null
  columns?: Array<string | null> | null
  rows?: Array<{_key: string; cells?: Array<string | null> | null}> | null
}

/**
 * Facts from content as a real table: the caption names it, the first cell of each row is the
 * row's header. On narrow screens the stylesheet stacks each row into a card and shows every
 * other cell under its column's name, taken from `data-label`.
 */
export function FactTable({table}: {table: FactTableFields}) {
  const columns = (table.columns ?? []).map((column) => column ?? '')
  const rows = (table.rows ?? []).filter((row) => row.cells?.some(Boolean))
  if (columns.length === 0 || rows.length === 0) return null
  return (
    <table className="fact-table">
      {table.caption ? <caption>{table.caption}</caption> : null}
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th key={index} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row._key}>
            {columns.map((column, index) => {
              const text = row.cells?.[index] ?? ''
              return index === 0 ? (
                <th key={index} scope="row">
                  {text}
                </th>
              ) : (
                <td key={index} data-label={column}>
                  {text}
                </td>
              )
            })}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
