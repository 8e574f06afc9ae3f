import {RegistrationLink} from './RegistrationLink.tsx'
import {telHref} from './tel-href.ts'

interface MobileBarProps {
  phone: string | null | undefined
  /** What the shown site's customer page registers (관심고객 등록…), else a visit reservation. */
  registrationName?: string
}

/** The narrow-screen bar fixed to the bottom: registration and phone consultation. */
export function MobileBar({phone, registrationName = '방문예약'}: MobileBarProps) {
  return (
    // A landmark of its own, so screen-reader users can jump to it like any page region.
    <aside className="mobile-bar" aria-label="빠른 상담">
      <RegistrationLink source="mobile-bar" className="mobile-bar-reserve">
        {registrationName}
      </RegistrationLink>
      {phone ? (
        <a className="mobile-bar-call" href={telHref(phone)}>
          전화상담 <span className="mobile-bar-number">{phone}</span>
        </a>
      ) : null}
    </aside>
  )
}
