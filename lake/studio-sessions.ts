import {createHash, randomBytes} from 'node:crypto'
import {mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs'
import {dirname} from 'node:path'

/**
 * How long a Studio sign-in lasts, and how long the one-time session id of a sign-in may wait for
 * its exchange.
 */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000
export const SESSION_ID_TTL_MS = 60 * 1000

interface StoredSession {
  email: string
  expiresAt: number
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * Studio sign-ins on the local lake, as Sanity's token login does them: a sign-in makes a
 * one-time session id that the Studio exchanges for a bearer token (`/auth/fetch`). Only
 * digests of the tokens are kept, in a file, so sign-ins outlive a restart of the lake.
 */
export class StudioSessions {
  private readonly sessions: Map<string, StoredSession>
  private readonly pending = new Map<string, {token: string; expiresAt: number}>()

  constructor(
    private readonly file: string,
    private readonly now: () => number = Date.now,
  ) {
    this.sessions = new Map(Object.entries(readSessions(file)))
  }

  /** Starts a session for `email` and returns the one-time id to hand to the Studio. */
  signIn(email: string): string {
    const token = `sl${randomBytes(24).toString('hex')}`
    this.sessions.set(digest(token), {email, expiresAt: this.now() + SESSION_TTL_MS})
    this.save()
    const sessionId = randomBytes(24).toString('base64url')
    this.pending.set(sessionId, {token, expiresAt: this.now() + SESSION_ID_TTL_MS})
    return sessionId
  }

  /** The token for a session id, once: a second exchange or a late one gets nothing. */
  exchange(sessionId: string): string | undefined {
    const entry = this.pending.get(sessionId)
    this.pending.delete(sessionId)
    return entry && entry.expiresAt > this.now() ? entry.token : undefined
  }

  /** The signed-in e-mail for a token, or undefined when the token is unknown or expired. */
  user(token: string): string | undefined {
    const key = digest(token)
    const session = this.sessions.get(key)
    if (!session) return undefined
    if (session.expiresAt <= this.now()) {
      this.sessions.delete(key)
      this.save()
      return undefined
    }
    return session.email
  }

  signOut(token: string): void {
    if (this.sessions.delete(digest(token))) this.save()
  }

  private save(): void {
    const live = Object.fromEntries(
      [...this.sessions].filter(([, session]) => session.expiresAt > this.now()),
    )
    mkdirSync(dirname(this.file), {recursive: true})
    const temp = `${this.file}.tmp`
    writeFileSync(temp, `${JSON.stringify(live)}\n`, {mode: 0o600})
    renameSync(temp, this.file)
  }
}

function readSessions(file: string): Record<string, StoredSession> {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown
    return typeof parsed === 'object' && parsed !== null
      ? (parsed as Record<string, StoredSession>)
      : {}
  } catch {
    return {}
  }
}
