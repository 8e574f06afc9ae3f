import {createServer} from 'node:http'
import type {AddressInfo} from 'node:net'
import {inject} from 'vitest'
import {nextTotpCode} from '#scripts/lib/totp-codes.ts'

/*
 * The stack's accounts sign in many times across the browser tests, from two workers at
 * once, and every code signs in once: an app's code of a newer step each time, so one
 * account's app signs in about once in 30 seconds. The desk, started by the global setup,
 * hands each sign-in its account's next unused code: one desk in one process, so two workers
 * never get the same code. For an account it may refill (`add` with `refill`), it hands out
 * recovery codes instead, eight at a time, which it renews through the API with one app code
 * when they run out, so sign-ins do not queue behind the app's clock.
 */

export interface TotpDesk {
  url: string
  /** Takes an account's next code (for the global setup's own sign-ins). */
  code(email: string): Promise<string>
  /**
   * Serves an account whose app secret is `secret`; with `refill`, from recovery codes that
   * `refill` makes, given an app code to sign in with.
   */
  add(email: string, secret: string, refill?: (appCode: string) => Promise<string[]>): void
  close(): Promise<void>
}

export async function startTotpDesk(): Promise<TotpDesk> {
  const accounts = new Map<
    string,
    {secret: string; refill?: (appCode: string) => Promise<string[]>; spare: string[]}
  >()
  // One account's codes are handed out one at a time: a refill replaces the spare codes.
  const queues = new Map<string, Promise<unknown>>()
  const next = async (email: string): Promise<string> => {
    const account = accounts.get(email)
    if (!account) throw new Error(`the TOTP desk has no secret of ${email}`)
    if (!account.refill) return nextTotpCode(account.secret)
    if (account.spare.length === 0)
      account.spare = await account.refill(await nextTotpCode(account.secret))
    const spare = account.spare.pop()
    if (!spare) throw new Error(`no recovery code came for ${email}`)
    return spare
  }
  const code = (email: string): Promise<string> => {
    const handed = (queues.get(email) ?? Promise.resolve()).then(() => next(email))
    queues.set(
      email,
      handed.catch(() => undefined),
    )
    return handed
  }
  const server = createServer((req, res) => {
    const email = new URL(req.url ?? '/', 'http://desk').searchParams.get('email') ?? ''
    code(email).then(
      (value) => res.writeHead(200, {'content-type': 'text/plain'}).end(value),
      (error: unknown) => res.writeHead(404).end(String(error)),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    code,
    add: (email, secret, refill) => void accounts.set(email, {secret, refill, spare: []}),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** A code of one of the stack's accounts that no other sign-in has used or will use. */
export async function totpCodeOf(email: string): Promise<string> {
  const answer = await fetch(`${inject('totpDeskUrl')}?email=${encodeURIComponent(email)}`)
  if (!answer.ok) throw new Error(await answer.text())
  return answer.text()
}
