import {createServer} from 'node:http'
import type {AddressInfo} from 'node:net'
import {inject} from 'vitest'
import {nextTotpCode} from '#scripts/lib/totp-codes.ts'

/*
 * The stack's accounts sign in many times across the browser tests, from two workers at
 * once, and every code signs in once. The desk, started by the global setup, hands each
 * sign-in its account's next unused code (scripts/lib/totp-codes.ts): one desk in one
 * process, so two workers never get the same code.
 */

export interface TotpDesk {
  url: string
  /** Takes an account's next code (for the global setup's own sign-ins). */
  code(email: string): Promise<string>
  /** Serves an account whose app secret is `secret`. */
  add(email: string, secret: string): void
  close(): Promise<void>
}

export async function startTotpDesk(): Promise<TotpDesk> {
  const secrets = new Map<string, string>()
  const code = async (email: string): Promise<string> => {
    const secret = secrets.get(email)
    if (!secret) throw new Error(`the TOTP desk has no secret of ${email}`)
    return nextTotpCode(secret)
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
    add: (email, secret) => void secrets.set(email, secret),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** A code of one of the stack's accounts that no other sign-in has used or will use. */
export async function totpCodeOf(email: string): Promise<string> {
  const answer = await fetch(`${inject('totpDeskUrl')}?email=${encodeURIComponent(email)}`)
  if (!answer.ok) throw new Error(await answer.text())
  return answer.text()
}
