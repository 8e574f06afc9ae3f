import {createHash} from 'node:crypto'

/** A text's SHA-256 digest in base64url: what a key or a body is remembered by. */
export const sha256 = (text: string): string =>
  createHash('sha256').update(text).digest('base64url')
