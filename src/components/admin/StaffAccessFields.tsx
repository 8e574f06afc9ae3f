import {ROLE_LABELS, STAFF_ROLES, type StaffAccess} from '#shared/auth/staff-accounts.ts'
import {errorAttributes, FieldError} from '#src/components/forms/FieldError.tsx'

interface StaffAccessFieldsProps {
  /** Makes the fields' ids unique on the page (the invite form, each account's edit form). */
  idPrefix: string
  access: StaffAccess
  sites: Array<{slug: string; name: string}>
  fieldErrors: Record<string, string>
  onChange(access: StaffAccess): void
}

/**
 * An account's role and, for a counsellor, the sites they see: every site for an
 * administrator, so the sites are asked only of a counsellor.
 */
export function StaffAccessFields({
  idPrefix,
  access,
  sites,
  fieldErrors,
  onChange,
}: StaffAccessFieldsProps) {
  const toggleSite = (slug: string, chosen: boolean) =>
    onChange({
      ...access,
      sites: chosen ? [...access.sites, slug] : access.sites.filter((site) => site !== slug),
    })
  return (
    <>
      <fieldset
        className="staff-role"
        {...errorAttributes(`${idPrefix}-role-error`, fieldErrors.role)}
      >
        <legend>역할</legend>
        {STAFF_ROLES.map((role) => (
          <label key={role}>
            <input
              type="radio"
              name={`${idPrefix}-role`}
              value={role}
              checked={access.role === role}
              onChange={() => onChange({...access, role})}
            />
            {ROLE_LABELS[role]}
          </label>
        ))}
        <FieldError id={`${idPrefix}-role-error`} message={fieldErrors.role} />
      </fieldset>
      {access.role === 'counsellor' ? (
        <fieldset
          className="staff-sites"
          {...errorAttributes(`${idPrefix}-sites-error`, fieldErrors.sites)}
        >
          <legend>맡을 현장</legend>
          {sites.map((site) => (
            <label key={site.slug}>
              <input
                type="checkbox"
                checked={access.sites.includes(site.slug)}
                onChange={(event) => toggleSite(site.slug, event.target.checked)}
              />
              {site.name}
            </label>
          ))}
          <FieldError id={`${idPrefix}-sites-error`} message={fieldErrors.sites} />
        </fieldset>
      ) : (
        <p className="staff-sites-all">관리자는 모든 현장의 문의를 봅니다.</p>
      )}
    </>
  )
}
