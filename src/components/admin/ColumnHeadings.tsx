/** A table's head: one column heading a name, in order. */
export function ColumnHeadings({names}: {names: readonly string[]}) {
  return (
    <thead>
      <tr>
        {names.map((name) => (
          <th key={name} scope="col">
            {name}
          </th>
        ))}
      </tr>
    </thead>
  )
}
