import {createHash} from 'node:crypto'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import {readConfig, type Env} from '#config/settings.ts'
import {normalizeEmail} from './admin-users.ts'
import {sql, type Sql} from '../database.ts'
import type {FactorCheck} from './second-factor.ts'

/*
 * Passkeys (WebAuthn) as a second factor, the phishing-resistant one: the browser signs the
 * server's challenge only for this site's own domain (SITE_URL's host is the relying party),
 * so a look-alike site can relay nothing. Each ceremony's challenge is kept on the sign-in
 * that asked for it for five minutes, and the statement that accepts the answer spends it:
 * an answer is accepted once.
 */

const CHALLENGE_TTL_MS = 5 * 60_000

function relyingParty(env: Env): {id: string; origin: string} {
  const site = new URL(readConfig(env).siteUrl)
  return {id: site.hostname, origin: site.origin}
}

/** The account's passkeys as a ceremony lists them. */
async function credentialsOf(email: string): Promise<Array<{id: string; transports: string[]}>> {
  return sql()<{id: string; transports: string[]}>`
    SELECT id, transports FROM staff_passkeys WHERE email = ${normalizeEmail(email)} ORDER BY created_at`
}

/**
 * The browser's answer to a ceremony in the shape @simplewebauthn/server reads (it checks
 * everything else), or null.
 */
export function readPasskeyAnswer<
  Answer extends RegistrationResponseJSON | AuthenticationResponseJSON,
>(value: unknown): Answer | null {
  const answer = value as {id?: unknown; response?: unknown} | null
  return typeof answer?.id === 'string' &&
    answer.id.length <= 1024 &&
    typeof answer.response === 'object' &&
    answer.response !== null
    ? (value as Answer)
    : null
}

async function keepChallenge(session: string, challenge: string, now: number): Promise<void> {
  await sql()`
    UPDATE admin_sessions SET passkey_challenge = ${challenge},
      passkey_challenge_expires_at = ${new Date(now + CHALLENGE_TTL_MS)}
    WHERE family = ${session}::uuid`
}

/**
 * What a ceremony's answer is checked against: the sign-in's challenge, this site as origin
 * and relying party. User verification (a PIN, a fingerprint) is the authenticator's affair:
 * the passkey is the second factor, the password the first.
 */
function expectations(challenge: string, env: Env) {
  const {id, origin} = relyingParty(env)
  return {
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: id,
    requireUserVerification: false,
  }
}

/** The library's verification, or null when it refuses (it throws for most refusals). */
async function verified<Result extends {verified: boolean}>(
  verify: () => Promise<Result>,
): Promise<Result | null> {
  try {
    const result = await verify()
    return result.verified ? result : null
  } catch {
    return null
  }
}

/** The statement part that spends the sign-in's challenge, if it is still `challenge`. */
const spendChallenge = (s: Sql, session: string, challenge: string) => s`
  UPDATE admin_sessions SET passkey_challenge = NULL, passkey_challenge_expires_at = NULL
  WHERE family = ${session}::uuid AND passkey_challenge = ${challenge}
  RETURNING family`

async function challengeOf(session: string, now: number): Promise<string | null> {
  const [row] = await sql()<{passkey_challenge: string}>`
    SELECT passkey_challenge FROM admin_sessions WHERE family = ${session}::uuid
      AND passkey_challenge IS NOT NULL AND passkey_challenge_expires_at > ${new Date(now)}`
  return row?.passkey_challenge ?? null
}

/** What the browser needs to create a passkey for the account (its own passkeys excluded). */
export async function passkeyEnrolmentOptions(
  {session, email}: {session: string; email: string},
  now: number,
  env: Env = process.env,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const account = normalizeEmail(email)
  const options = await generateRegistrationOptions({
    rpName: '상담 관리',
    rpID: relyingParty(env).id,
    userName: account,
    // The same handle for every passkey of the account: an authenticator keeps one per person.
    userID: createHash('sha256').update(`staff\n${account}`).digest().subarray(0, 16),
    attestationType: 'none',
    excludeCredentials: await credentialsOf(account),
    authenticatorSelection: {residentKey: 'preferred', userVerification: 'preferred'},
  })
  await keepChallenge(session, options.challenge, now)
  return options
}

/** What the browser needs to sign in with one of the account's passkeys. */
export async function passkeySignInOptions(
  {session, email}: {session: string; email: string},
  now: number,
  env: Env = process.env,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(env).id,
    allowCredentials: await credentialsOf(email),
    userVerification: 'preferred',
  })
  await keepChallenge(session, options.challenge, now)
  return options
}

export type PasskeyEnrolment = {ok: true} | {ok: false; reason: 'bad-passkey' | 'passkey-exists'}

/** Verifies the browser's new passkey and keeps it, spending the challenge. */
export async function enrolPasskey(
  {session, email}: {session: string; email: string},
  response: RegistrationResponseJSON,
  now: number,
  env: Env = process.env,
): Promise<PasskeyEnrolment> {
  const challenge = await challengeOf(session, now)
  if (!challenge) return {ok: false, reason: 'bad-passkey'}
  const created = await verified(() =>
    verifyRegistrationResponse({response, ...expectations(challenge, env)}),
  )
  if (!created?.verified) return {ok: false, reason: 'bad-passkey'}
  const {credential} = created.registrationInfo
  const s = sql()
  const [row] = await s<{spent: boolean; kept: boolean}>`
    WITH spent AS (${spendChallenge(s, session, challenge)}), kept AS (
      INSERT INTO staff_passkeys (id, email, public_key, counter, transports, created_at)
      SELECT ${credential.id}, ${normalizeEmail(email)}, ${Buffer.from(credential.publicKey)},
        ${credential.counter}, ${credential.transports ?? []}::text[], ${new Date(now)}
      FROM spent
      ON CONFLICT (id) DO NOTHING
      RETURNING id
    )
    SELECT EXISTS (SELECT 1 FROM spent) AS spent, EXISTS (SELECT 1 FROM kept) AS kept`
  if (row?.kept) return {ok: true}
  return {ok: false, reason: row?.spent ? 'passkey-exists' : 'bad-passkey'}
}

/**
 * Verifies the browser's answer to the sign-in's challenge with the account's passkey, and
 * spends the challenge. A passkey of another account is `foreign-passkey`.
 */
export async function spendPasskey(
  {session, email}: {session: string; email: string},
  response: AuthenticationResponseJSON,
  now: number,
  env: Env = process.env,
): Promise<FactorCheck> {
  const challenge = await challengeOf(session, now)
  const [key] = await sql()<{
    email: string
    public_key: Buffer
    counter: string
    transports: string[]
  }>`SELECT email, public_key, counter, transports FROM staff_passkeys WHERE id = ${response.id}`
  if (!challenge || !key) return {ok: false, reason: 'bad-passkey'}
  if (key.email !== normalizeEmail(email)) return {ok: false, reason: 'foreign-passkey'}
  const signed = await verified(() =>
    verifyAuthenticationResponse({
      response,
      ...expectations(challenge, env),
      credential: {
        id: response.id,
        publicKey: new Uint8Array(key.public_key),
        counter: Number(key.counter),
        transports: key.transports,
      },
    }),
  )
  if (!signed) return {ok: false, reason: 'bad-passkey'}
  const s = sql()
  const [spent] = await s`
    WITH spent AS (${spendChallenge(s, session, challenge)}), used AS (
      UPDATE staff_passkeys SET counter = ${signed.authenticationInfo.newCounter},
        last_used_at = ${new Date(now)}
      FROM spent WHERE id = ${response.id}
      RETURNING id
    )
    SELECT family FROM spent`
  return spent ? {ok: true, factor: 'passkey'} : {ok: false, reason: 'bad-passkey'}
}
