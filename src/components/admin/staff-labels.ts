import {ROLE_LABELS, type StaffAccess, type StaffChange} from '#shared/auth/staff-accounts.ts'

/* How 직원 관리 words an account's access and the record of its changes. */

type SiteNames = ReadonlyMap<string, string>

/** `상담 직원 (솔담 레이크파크, 솔담 리버파크)`, or `관리자 (모든 현장)`. */
export function accessText({role, sites}: StaffAccess, siteNames: SiteNames): string {
  if (role === 'administrator') return `${ROLE_LABELS.administrator} (모든 현장)`
  return `${ROLE_LABELS.counsellor} (${sites.map((site) => siteNames.get(site) ?? site).join(', ')})`
}

/** What a row of the change record says happened. */
export function changeText(change: StaffChange, siteNames: SiteNames): string {
  const before = change.before && accessText(change.before, siteNames)
  const after = change.after && accessText(change.after, siteNames)
  switch (change.change) {
    case 'invite':
      return `초대: ${after}`
    case 'bootstrap':
      return `ADMIN_USERS에서 첫 로그인: ${after}`
    case 'access':
      return `권한 변경: ${before} → ${after}`
    case 'disable':
      return `사용 중지: ${before}`
    case 'enable':
      return `다시 사용: ${after}`
    case 'link':
      return '비밀번호 설정 링크 만듦'
    case 'password':
      return '비밀번호 설정'
  }
}
