import {useState, type ReactNode} from 'react'
import {SiteSelect} from '#src/components/forms/SiteSelect.tsx'

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
      <SiteSelect sites={named} value={chosen} onChange={setChosen} empty="선택" required />
    ) : null
  return {target, choice}
}
