import {describe, expect, it} from 'vitest'
import {PASSWORD_MESSAGES} from '#shared/auth/password-rule.ts'
import {passwordProblem} from './password-check.ts'

describe('the staff password rule', () => {
  it('asks for 10 characters as a person counts them, and at most 128', () => {
    expect(passwordProblem('', 'park@example.com')).toBe(PASSWORD_MESSAGES.missing)
    expect(passwordProblem('솔담레이크파크상담', 'park@example.com')).toBe(PASSWORD_MESSAGES.short)
    expect(passwordProblem('솔담레이크파크상담실', 'park@example.com')).toBeNull()
    expect(passwordProblem('가'.repeat(129), 'park@example.com')).toBe(PASSWORD_MESSAGES.long)
  })

  it('refuses the passwords people use most, also with digits or symbols added at the end', () => {
    for (const common of [
      '1234567890',
      'QwertyUiop',
      'qwer1234!!',
      'password2026!',
      'iloveyou12345',
    ])
      expect(passwordProblem(common, 'park@example.com'), common).toBe(PASSWORD_MESSAGES.common)
    expect(passwordProblem('lake-view-402호', 'park@example.com')).toBeNull()
  })

  it('refuses the e-mail address, or its name part', () => {
    expect(passwordProblem('park@example.com', 'park@example.com')).toBe(PASSWORD_MESSAGES.email)
    expect(passwordProblem('Park-솔담-상담실', 'park@example.com')).toBe(PASSWORD_MESSAGES.email)
    // A name part of three letters is inside too many good passwords to refuse.
    expect(passwordProblem('kimchi-lover-77', 'kim@example.com')).toBeNull()
  })
})
