import type {ReactNode} from 'react'
import {Link} from 'react-router'
import {useLayoutData} from '#src/lib/layout-data.ts'
import {openRegistration, type PopupOpener} from '#src/lib/registration/popup.ts'
import {siteCustomerPath} from '#src/lib/page-paths.ts'

interface RegistrationLinkProps {
  source: PopupOpener
  className?: string
  children: ReactNode
  'aria-label'?: string
}

/**
 * A button that opens the registration popup. It is a link to the default site's
 * customer page (the same form), followed when no popup is mounted or without JavaScript.
 */
export function RegistrationLink({
  source,
  className,
  children,
  'aria-label': ariaLabel,
}: RegistrationLinkProps) {
  const {settings} = useLayoutData()
  const href = settings.defaultSite ? siteCustomerPath(settings.defaultSite) : '/'
  return (
    <Link
      to={href}
      className={className}
      aria-label={ariaLabel}
      data-registration={source}
      onClick={(event) => {
        if (openRegistration(source)) event.preventDefault()
      }}
    >
      {children}
    </Link>
  )
}
