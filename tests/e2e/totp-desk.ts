import {createServer} from 'node:http'
import type {AddressInfo} from 'node:net'
import {inject} from 'vitest'
import {TOTP_PERIOD_S, TOTP_WINDOW, totpCodeAt, totpStep} from '#shared/auth/totp.ts'

/*
 * The stack's administrator signs in many times across the browser tests, from two workers at
 * once, and every code signs in once (a code of an older step neither). The desk, started by
 * the global setup, hands each sign-in the next unused step's code: the current one, or one the
 * server's window still takes; when the window is used up it waits for the next period. One
 * desk in one process, so two workers never get the same code.
 */

const PERIOD_MS = TOTP_PERIOD_S * 1000
/** A code is typed and sent within this long of being handed out. */
const SEND_WITHIN_MS = 10_000

export async function startTotpDesk(
  secret: string,
): Promise<{url: string; close: () => Promise<void>}> {
  let lastStep = -Infinity
  let queue: Promise<unknown> = Promise.resolve()
  const nextCode = async (): Promise<string> => {
    const now = Date.now()
    // Still in the window when it arrives, and after every code handed out before.
    const step = Math.max(lastStep + 1, totpStep(now + SEND_WITHIN_MS) - TOTP_WINDOW)
    // In the window once the clock reaches the step before it.
    const wait = (step - TOTP_WINDOW) * PERIOD_MS - now
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    lastStep = step
    return totpCodeAt(secret, step)
  }
  const server = createServer((_req, res) => {
    const code = queue.then(nextCode)
    queue = code.catch(() => undefined)
    void code.then((value) => res.writeHead(200, {'content-type': 'text/plain'}).end(value))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** A code of the stack's administrator that no other sign-in has used or will use. */
export async function adminTotpCode(): Promise<string> {
  return (await fetch(inject('totpDeskUrl'))).text()
}
