import {sql} from './database.ts'
import {sha256} from './sha256.ts'

/**
 * How long a delivery is remembered. A replayed request carries its signature, refused after
 * five minutes anyway; Sanity's own retry of a delivery carries its idempotency key and may
 * come hours later.
 */
export const DELIVERY_MEMORY_MS = 24 * 60 * 60 * 1000

/** What names a delivery: its signature (signed by Sanity) and its idempotency key, if sent. */
export function deliveryKeys(signature: string, idempotencyKey: string | null): string[] {
  const keys = [sha256(`signature:${signature}`)]
  if (idempotencyKey) keys.push(sha256(`key:${idempotencyKey}`))
  return keys
}

/**
 * Claims a delivery: true for a new one, false when any of its keys was seen within the
 * window (a replay or a retry). One statement: concurrent copies of a delivery claim it once,
 * a key seen longer ago than the window is claimed again, and the expired keys of other
 * deliveries are deleted.
 */
export async function claimDelivery(keys: readonly string[], now = Date.now()): Promise<boolean> {
  const at = new Date(now)
  const until = new Date(now + DELIVERY_MEMORY_MS)
  const [row] = await sql()<{claimed: number}>`
    WITH expired AS (
      DELETE FROM webhook_deliveries
      WHERE expires_at <= ${at} AND key_hash <> ALL(${[...keys]}::text[])
    ), claimed AS (
      INSERT INTO webhook_deliveries (key_hash, expires_at)
      SELECT key_hash, ${until}::timestamptz FROM unnest(${[...keys]}::text[]) AS key_hash
      ON CONFLICT (key_hash) DO UPDATE SET expires_at = EXCLUDED.expires_at
        WHERE webhook_deliveries.expires_at <= ${at}
      RETURNING key_hash
    )
    SELECT count(*)::int AS claimed FROM claimed`
  return row?.claimed === keys.length
}

/** Forgets a delivery that was not acted on, so that Sanity's next attempt is a new one. */
export async function releaseDelivery(keys: readonly string[]): Promise<void> {
  await sql()`DELETE FROM webhook_deliveries WHERE key_hash = ANY(${[...keys]}::text[])`
}
