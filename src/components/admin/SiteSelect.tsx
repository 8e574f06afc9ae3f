interface SiteSelectProps {
  sites: ReadonlyArray<{slug: string | null; name: string | null}>
  value: string
  onChange(site: string): void
  /** The choice of no site: `전체` (every site) or `선택` (one is still to be chosen). */
  empty: string
  required?: boolean
}

/** 현장: a site among those the staff member may see, by its name. */
export function SiteSelect({sites, value, onChange, empty, required}: SiteSelectProps) {
  return (
    <label>
      현장
      <select value={value} onChange={(event) => onChange(event.target.value)} required={required}>
        <option value="">{empty}</option>
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
    </label>
  )
}
