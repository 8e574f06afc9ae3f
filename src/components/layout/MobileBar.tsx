import {RegistrationLink} from './RegistrationLink.tsx'
import {telHref} from './tel-href.ts'

/** The narrow-screen bar fixed to the bottom: visit reservation and phone consultation. */
export function MobileBar({phone}: {phone: string | null | undefined}) {
  return (
    // A landmark of its own, so screen-reader users can jump to it like any page region.
    <aside className="mobile-bar" aria-label="빠른 상담">
      <RegistrationLink source="mobile-bar" className="mobile-bar-reserve">
        방문예약
      </RegistrationLink>
      {phone ? (
        <a className="mobile-bar-call" href={telHref(phone)}>
          전화상담 <span className="mobile-bar-number">{phone}</span>
        </a>
      ) : null}
    </aside>
  )
}
