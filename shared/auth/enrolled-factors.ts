/** What an account has enrolled as second factors (`recoveryCodes`: the unused ones left). */
export interface EnrolledFactors {
  totp: boolean
  passkeys: number
  recoveryCodes: number
}

/** Whether the account has a factor to sign in with (recovery codes come with one). */
export const hasSecondFactor = (enrolled: EnrolledFactors): boolean =>
  enrolled.totp || enrolled.passkeys > 0
