/**
 * The home form's native POST (`application/x-www-form-urlencoded`) in the shape of the
 * JSON body, so both go through one validation. A ticked checkbox arrives as its value
 * ('on' unless the form sets another); an unticked one does not arrive at all.
 */
const TICKED = new Set(['on', 'true', '1', 'yes'])
const CHECKBOXES = new Set(['consent', 'marketingConsent'])

export function fromFormBody(text: string): Record<string, unknown> {
  // No prototype: a field named __proto__ must stay a plain field.
  const record = Object.create(null) as Record<string, unknown>
  for (const [name, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(record, name)) continue
    if (CHECKBOXES.has(name)) record[name] = TICKED.has(value.toLowerCase())
    else if (name === 'fillMs') record[name] = value.trim() === '' ? undefined : Number(value)
    else record[name] = value
  }
  return record
}
