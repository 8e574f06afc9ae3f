import {TOTP_PERIOD_S, TOTP_WINDOW, totpCodeAt, totpStep} from '#shared/auth/totp.ts'

/*
 * Codes for a script or a test that signs one account in many times: every code signs in once
 * (a code of an older step neither), so each sign-in takes the next unused step, the current
 * one or one the server's window still takes, and waits for the next period when the window
 * is used up.
 */

const PERIOD_MS = TOTP_PERIOD_S * 1000
/** A code is typed and sent within this long of being handed out. */
const SEND_WITHIN_MS = 10_000

function codeSequence(secret: string): () => Promise<string> {
  let lastStep = -Infinity
  let queue: Promise<unknown> = Promise.resolve()
  const next = async (): Promise<string> => {
    const now = Date.now()
    // Still in the window when it arrives, and after every code handed out before.
    const step = Math.max(lastStep + 1, totpStep(now + SEND_WITHIN_MS) - TOTP_WINDOW)
    // In the window once the clock reaches the step before it.
    const wait = (step - TOTP_WINDOW) * PERIOD_MS - now
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    lastStep = step
    return totpCodeAt(secret, step)
  }
  return () => {
    const code = queue.then(next)
    queue = code.catch(() => undefined)
    return code
  }
}

// One sequence per secret in a process: two of them would hand out the same step.
const sequences = new Map<string, () => Promise<string>>()

/** The next unused code of the app whose secret is `secret`, each call its own. */
export function nextTotpCode(secret: string): Promise<string> {
  let next = sequences.get(secret)
  if (!next) sequences.set(secret, (next = codeSequence(secret)))
  return next()
}

/**
 * An access token of `account`, signed in through the API with its password and code in one
 * request, as scripts sign in.
 */
export async function staffSignIn(
  siteUrl: string,
  account: {email: string; password: string},
  code: string,
): Promise<string> {
  const answer = await fetch(`${siteUrl}/api/admin/login`, {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify({email: account.email, password: account.password, code}),
  })
  if (!answer.ok)
    throw new Error(`the staff sign-in answered ${answer.status}: ${await answer.text()}`)
  return ((await answer.json()) as {accessToken: string}).accessToken
}
