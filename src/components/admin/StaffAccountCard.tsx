import {useState, type FormEvent} from 'react'
import type {StaffAccess} from '#shared/auth/staff-accounts.ts'
import {FormError} from '#src/components/forms/FormError.tsx'
import {formatLeadTime} from './lead-labels.ts'
import {StaffAccessFields} from './StaffAccessFields.tsx'
import {
  changeStaffAccess,
  newStaffLink,
  setStaffDisabled,
  type StaffAccountItem,
  type StaffLinkAnswer,
} from '#src/lib/api/staff-accounts.ts'
import {accessText} from './staff-labels.ts'
import {useStaffAction} from './useStaffAction.ts'

interface StaffAccountCardProps {
  account: StaffAccountItem
  /** The signed-in administrator's own account: changed only by another administrator. */
  own: boolean
  sites: Array<{slug: string; name: string}>
  siteNames: ReadonlyMap<string, string>
  onChanged(notice: string): void
  onLink(link: Omit<StaffLinkAnswer, 'ok'>): void
}

function statusText(account: StaffAccountItem): string {
  if (account.bootstrap) return 'ADMIN_USERS · 첫 로그인 전'
  if (account.disabled) return '사용 중지'
  if (account.invited)
    return account.linkExpiresAt
      ? `초대됨 · 링크 ${formatLeadTime(account.linkExpiresAt)}까지`
      : '초대됨 · 링크 만료'
  return '사용 중'
}

/** One account: its access and state, and what an administrator may do with it. */
export function StaffAccountCard({
  account,
  own,
  sites,
  siteNames,
  onChanged,
  onLink,
}: StaffAccountCardProps) {
  const [editing, setEditing] = useState<StaffAccess | null>(null)
  const {busy, error, fieldErrors, run} = useStaffAction()
  const idPrefix = `staff-${account.email.replace(/[^a-z0-9]/gi, '-')}`
  const actionable = !own && !account.bootstrap

  function onSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!editing) return
    void run(
      () => changeStaffAccess(account.email, editing),
      () => {
        setEditing(null)
        onChanged(`${account.email} 님의 권한을 바꿨습니다: ${accessText(editing, siteNames)}`)
      },
    )
  }

  function onDisable(disabled: boolean) {
    if (
      disabled &&
      !window.confirm(
        `${account.email} 계정을 사용 중지할까요? 로그인한 모든 화면에서 바로 로그아웃됩니다.`,
      )
    )
      return
    void run(
      () => setStaffDisabled(account.email, disabled),
      () =>
        onChanged(
          disabled
            ? `${account.email} 계정을 사용 중지했습니다. 모든 로그인이 끝났습니다.`
            : `${account.email} 계정을 다시 사용하도록 바꿨습니다.`,
        ),
    )
  }

  return (
    <li className="staff-account" data-disabled={account.disabled || undefined}>
      <h4>
        {account.email}
        {own ? <span className="staff-own"> (내 계정)</span> : null}
      </h4>
      <p>{accessText(account, siteNames)}</p>
      <p className="staff-state">
        {statusText(account)} · 2단계 인증 {account.secondFactor ? '사용' : '미등록'}
      </p>
      {editing ? (
        <form className="staff-edit" onSubmit={onSave} aria-label={`${account.email} 권한 변경`}>
          <StaffAccessFields
            idPrefix={idPrefix}
            access={editing}
            sites={sites}
            fieldErrors={fieldErrors}
            onChange={setEditing}
          />
          <div className="staff-actions">
            <button type="submit" disabled={busy}>
              저장
            </button>
            <button type="button" onClick={() => setEditing(null)}>
              취소
            </button>
          </div>
        </form>
      ) : actionable ? (
        <div className="staff-actions" role="group" aria-label={`${account.email} 관리`}>
          {account.disabled ? null : (
            <>
              <button
                type="button"
                disabled={busy}
                onClick={() => setEditing({role: account.role, sites: account.sites})}
              >
                권한 변경
              </button>
              <button
                type="button"
                disabled={busy}
                onClick={() => void run(() => newStaffLink(account.email), onLink)}
              >
                {account.invited ? '초대 링크 다시 만들기' : '비밀번호 재설정 링크'}
              </button>
            </>
          )}
          <button type="button" disabled={busy} onClick={() => onDisable(!account.disabled)}>
            {account.disabled ? '다시 사용' : '사용 중지'}
          </button>
        </div>
      ) : null}
      <FormError message={error} />
    </li>
  )
}
