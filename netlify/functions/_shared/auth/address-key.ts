import {createHash} from 'node:crypto'

/**
 * A stable, non-reversible key for the visitor at an address, for per-visitor limits:
 * the address is hashed so that no raw IP address is ever stored. The functions and the
 * local lake's Studio sign-in key an address alike, so both count against one lock.
 */
export function addressKey(ip: string): string {
  // An IPv4 address seen through an IPv6 socket is the same visitor.
  const address = ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip
  return createHash('sha256').update(address).digest('base64url').slice(0, 22)
}
