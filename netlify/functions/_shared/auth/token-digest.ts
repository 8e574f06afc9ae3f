import {createHash, randomBytes} from 'node:crypto'

/*
 * The secret tokens of sign-ins and invite links: 32 random bytes, of which only the SHA-256
 * is stored, so the database alone lets nobody in.
 */

export const newToken = (): string => randomBytes(32).toString('base64url')

export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}
