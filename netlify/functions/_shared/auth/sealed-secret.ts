import type {Env} from '#config/settings.ts'
import {createCipheriv, createDecipheriv, hkdfSync, randomBytes} from 'node:crypto'
import {signingKey} from './signing-key.ts'

/*
 * Authenticator-app secrets at rest: AES-256-GCM under a key derived from AUTH_SECRET, so a
 * copy of the database alone cannot make anyone's codes. A new AUTH_SECRET makes the sealed
 * secrets unreadable: those accounts sign in with a passkey or a recovery code and enrol
 * their app again.
 */

const key = (env: Env): Buffer =>
  Buffer.from(hkdfSync('sha256', signingKey(env), '', 'staff totp secret', 32))

/** `iv.ciphertext.tag`, each base64url. */
export function sealSecret(secret: string, env: Env = process.env): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key(env), iv)
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return [iv, sealed, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.')
}

/** The secret, or null when it was sealed under another AUTH_SECRET (or is damaged). */
export function openSecret(sealed: string, env: Env = process.env): string | null {
  const [iv, data, tag] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'))
  if (!iv || !data || !tag) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', key(env), iv)
    decipher.setAuthTag(tag)
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}
