import type {AriaAttributes} from 'react'

interface SiteSelectProps extends Pick<AriaAttributes, 'aria-invalid' | 'aria-describedby'> {
  sites: ReadonlyArray<{slug: string | null; name: string | null}>
  value: string
  onChange(site: string): void
  /**
   * The choice of no site: `전체` (every site) or `선택` (one is still to be chosen); none
   * when a site is always chosen.
   */
  empty?: string
  required?: boolean
  /**
   * A form field's select: the label stands before it, for the caller's `form-field` to lay
   * out with the field's error. Without one, the label wraps the select, as in a toolbar.
   */
  id?: string
}

/** 현장: a site among those offered (the staff member's, or the public list), by its name. */
export function SiteSelect({sites, value, onChange, empty, id, ...attributes}: SiteSelectProps) {
  const select = (
    <select
      id={id}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      {...attributes}
    >
      {empty === undefined ? null : <option value="">{empty}</option>}
      {sites.flatMap((option) =>
        option.slug
          ? [
              <option key={option.slug} value={option.slug}>
                {option.name ?? option.slug}
              </option>,
            ]
          : [],
      )}
    </select>
  )
  return id ? (
    <>
      <label htmlFor={id}>현장</label>
      {select}
    </>
  ) : (
    <label>
      현장
      {select}
    </label>
  )
}
