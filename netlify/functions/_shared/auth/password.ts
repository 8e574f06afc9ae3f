import {randomBytes, scrypt, timingSafeEqual, type ScryptOptions} from 'node:crypto'

/*
 * Password hashes as one string that fits an environment variable and the `email:hash`
 * pairs of ADMIN_USERS: `scrypt.<N>.<r>.<p>.<salt>.<key>` with base64url salt and key (no
 * `:`, `,`, `$` or spaces, so no shell or dotenv quoting is needed). The cost parameters
 * travel with the hash, so raising them later does not invalidate existing hashes.
 */

export interface ScryptParams {
  N: number
  r: number
  p: number
}

/** 32 MiB of memory and tens of milliseconds per check: costly to guess, cheap to sign in. */
export const DEFAULT_SCRYPT_PARAMS: ScryptParams = {N: 2 ** 15, r: 8, p: 1}

const KEY_LENGTH = 32
const SALT_LENGTH = 16

interface ParsedHash {
  params: ScryptParams
  salt: Buffer
  key: Buffer
}

function derive(password: string, salt: Buffer, {N, r, p}: ScryptParams): Promise<Buffer> {
  // Node refuses to use more than maxmem; allow twice what the parameters need.
  const options: ScryptOptions = {N, r, p, maxmem: 256 * N * r}
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

function format({params, salt, key}: ParsedHash): string {
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('.')
}

function isPowerOfTwo(n: number): boolean {
  return Number.isInteger(n) && n > 1 && (n & (n - 1)) === 0
}

/** Reads a stored hash; null when it is not one this module wrote. */
export function parseHash(hash: string): ParsedHash | null {
  const parts = hash.split('.')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number]
  if (
    !isPowerOfTwo(N) ||
    N > 2 ** 20 ||
    !Number.isInteger(r) ||
    r < 1 ||
    r > 32 ||
    !Number.isInteger(p) ||
    p < 1 ||
    p > 16
  )
    return null
  const salt = Buffer.from(parts[4] ?? '', 'base64url')
  const key = Buffer.from(parts[5] ?? '', 'base64url')
  if (salt.length < 8 || key.length !== KEY_LENGTH) return null
  return {params: {N, r, p}, salt, key}
}

export async function hashPassword(
  password: string,
  params: ScryptParams = DEFAULT_SCRYPT_PARAMS,
): Promise<string> {
  const salt = randomBytes(SALT_LENGTH)
  return format({params, salt, key: await derive(password, salt, params)})
}

/**
 * A hash no password matches, with the given cost: checking a password against it takes
 * as long as checking against a real hash with the same parameters.
 */
export function unmatchableHash(params: ScryptParams): string {
  return format({params, salt: randomBytes(SALT_LENGTH), key: randomBytes(KEY_LENGTH)})
}

/** Constant-time check of a password against a stored hash; false for a malformed hash. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const parsed = parseHash(hash)
  if (!parsed) return false
  const key = await derive(password, parsed.salt, parsed.params)
  return timingSafeEqual(key, parsed.key)
}
