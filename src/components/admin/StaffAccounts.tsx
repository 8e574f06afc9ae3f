import {useCallback, useEffect, useState} from 'react'
import {FormError} from '#src/components/forms/FormError.tsx'
import {StaffAccountCard} from './StaffAccountCard.tsx'
import {StaffChanges} from './StaffChanges.tsx'
import {StaffInviteForm} from './StaffInviteForm.tsx'
import {StaffLinkBox} from './StaffLinkBox.tsx'
import {
  fetchStaff,
  fetchStaffChanges,
  type StaffAccountItem,
  type StaffChange,
  type StaffLinkAnswer,
} from '#src/lib/api/staff-accounts.ts'

interface StaffAccountsProps {
  /** The signed-in administrator. */
  email: string
  sites: Array<{slug: string | null; name: string | null}>
}

/**
 * 직원 관리 (administrators): one account per person, invited by a one-time link, with the
 * role and sites their work needs; disabling an account signs it out everywhere at once.
 */
export function StaffAccounts({email, sites}: StaffAccountsProps) {
  const named = sites.flatMap((site) =>
    site.slug ? [{slug: site.slug, name: site.name ?? site.slug}] : [],
  )
  const siteNames = new Map(named.map((site) => [site.slug, site.name]))
  const [accounts, setAccounts] = useState<StaffAccountItem[] | null>(null)
  const [changes, setChanges] = useState<StaffChange[]>([])
  const [link, setLink] = useState<Omit<StaffLinkAnswer, 'ok'> | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  const reload = useCallback(async () => {
    const [staff, record] = await Promise.all([fetchStaff(), fetchStaffChanges()])
    if (!staff.ok) return setError(staff.error)
    setError(record.ok ? null : record.error)
    setAccounts(staff.items)
    if (record.ok) setChanges(record.items)
  }, [])

  useEffect(() => {
    void reload()
  }, [reload])

  const linkMade = (made: Omit<StaffLinkAnswer, 'ok'>) => {
    setNotice(null)
    setLink(made)
    void reload()
  }

  return (
    <section className="staff-accounts" aria-labelledby="staff-accounts-heading">
      <h2 id="staff-accounts-heading">직원 관리</h2>
      <p className="staff-intro">
        직원마다 계정을 하나씩 만들고, 맡은 일에 맞게 역할과 현장을 정합니다. 일을 그만두거나 맡은
        일이 바뀌면 바로 사용 중지하거나 권한을 바꿔 주세요.
      </p>
      <StaffInviteForm sites={named} onInvited={linkMade} />
      {link ? <StaffLinkBox link={link} onClose={() => setLink(null)} /> : null}
      <div role="status" className="leads-notice">
        {notice}
      </div>
      <FormError message={error} />
      <h3>직원 계정</h3>
      {accounts === null ? (
        error ? null : (
          <p className="leads-loading">불러오는 중...</p>
        )
      ) : (
        <ul className="staff-list">
          {accounts.map((account) => (
            <StaffAccountCard
              key={account.email}
              account={account}
              own={account.email === email}
              sites={named}
              siteNames={siteNames}
              onChanged={(text) => {
                setLink(null)
                setNotice(text)
                void reload()
              }}
              onLink={linkMade}
            />
          ))}
        </ul>
      )}
      <StaffChanges changes={changes} siteNames={siteNames} />
    </section>
  )
}
