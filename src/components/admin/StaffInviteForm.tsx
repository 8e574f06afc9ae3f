import {useState, type FormEvent} from 'react'
import type {StaffAccess} from '#shared/auth/staff-accounts.ts'
import {errorAttributes, FieldError} from '#src/components/forms/FieldError.tsx'
import {FormError} from '#src/components/forms/FormError.tsx'
import {StaffAccessFields} from './StaffAccessFields.tsx'
import {inviteStaff, type StaffLinkAnswer} from '#src/lib/api/staff-accounts.ts'
import {useStaffAction} from './useStaffAction.ts'

interface StaffInviteFormProps {
  sites: Array<{slug: string; name: string}>
  onInvited(link: Omit<StaffLinkAnswer, 'ok'>): void
}

const NEW_ACCESS: StaffAccess = {role: 'counsellor', sites: []}

/** Invites someone by e-mail, as a counsellor of some sites or as an administrator. */
export function StaffInviteForm({sites, onInvited}: StaffInviteFormProps) {
  const [email, setEmail] = useState('')
  const [access, setAccess] = useState(NEW_ACCESS)
  const {busy, error, fieldErrors, run} = useStaffAction()

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    void run(
      () => inviteStaff(email, access),
      (link) => {
        setEmail('')
        setAccess(NEW_ACCESS)
        onInvited(link)
      },
    )
  }

  return (
    <form className="staff-invite" onSubmit={onSubmit} aria-labelledby="staff-invite-heading">
      <h3 id="staff-invite-heading">직원 초대</h3>
      <div className="form-field">
        <label htmlFor="staff-invite-email">이메일</label>
        <input
          id="staff-invite-email"
          type="email"
          autoComplete="off"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          {...errorAttributes('staff-invite-email-error', fieldErrors.email)}
        />
        <FieldError id="staff-invite-email-error" message={fieldErrors.email} />
      </div>
      <StaffAccessFields
        idPrefix="staff-invite"
        access={access}
        sites={sites}
        fieldErrors={fieldErrors}
        onChange={setAccess}
      />
      <FormError message={error} />
      <button type="submit" disabled={busy}>
        {busy ? '초대하는 중...' : '초대 링크 만들기'}
      </button>
    </form>
  )
}
