import {useState, type ReactNode} from 'react'

type SiteOption = {slug: string | null; name: string | null}

/**
 * The site a form at the model house's desk acts for: the schedule's, else the one site the
 * staff member sees, else the one they choose (the choice is shown only then).
 */
export function useDeskSite(
  sites: readonly SiteOption[],
  site: string,
): {target: string; choice: ReactNode} {
  const [chosen, setChosen] = useState('')
  const named = sites.filter((option) => option.slug)
  const target = site || chosen || (named.length === 1 ? named[0]!.slug! : '')
  const choice =
    !site && named.length > 1 ? (
      <label>
        현장
        <select value={chosen} onChange={(event) => setChosen(event.target.value)} required>
          <option value="">선택</option>
          {named.map((option) => (
            <option key={option.slug} value={option.slug!}>
              {option.name ?? option.slug}
            </option>
          ))}
        </select>
      </label>
    ) : null
  return {target, choice}
}
