import {describe, expect, it} from 'vitest'
import type {StaffChange} from '#shared/auth/staff-accounts.ts'
import {accessText, changeText} from './staff-labels.ts'

const names = new Map([
  ['ulsan-lakepark', '솔담 레이크파크'],
  ['yangsan-riverpark', '솔담 리버파크'],
])
const change = (part: Partial<StaffChange>): StaffChange => ({
  at: '2026-11-30T01:00:00Z',
  actor: 'boss@example.com',
  email: 'kim@example.com',
  change: 'invite',
  before: null,
  after: null,
  ...part,
})

describe('직원 관리’s words', () => {
  it('names the sites a counsellor sees, and every site for an administrator', () => {
    expect(accessText({role: 'counsellor', sites: ['ulsan-lakepark', 'gone']}, names)).toBe(
      '상담 직원 (솔담 레이크파크, gone)',
    )
    expect(accessText({role: 'administrator', sites: []}, names)).toBe('관리자 (모든 현장)')
  })

  it('tells each change with the access before and after', () => {
    const counsellor = {role: 'counsellor' as const, sites: ['yangsan-riverpark']}
    const administrator = {role: 'administrator' as const, sites: []}
    expect(changeText(change({after: counsellor}), names)).toBe('초대: 상담 직원 (솔담 리버파크)')
    expect(
      changeText(change({change: 'access', before: counsellor, after: administrator}), names),
    ).toBe('권한 변경: 상담 직원 (솔담 리버파크) → 관리자 (모든 현장)')
    expect(changeText(change({change: 'disable', before: counsellor}), names)).toBe(
      '사용 중지: 상담 직원 (솔담 리버파크)',
    )
    expect(changeText(change({change: 'password'}), names)).toBe('비밀번호 설정')
  })
})
