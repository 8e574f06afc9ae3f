import {randomBytes} from 'node:crypto'

export interface SanityDocument {
  _id: string
  _type: string
  _rev: string
  _createdAt: string
  _updatedAt: string
  [field: string]: unknown
}

export const DRAFTS_PREFIX = 'drafts.'

// Sanity's own rules: dataset names are lower case, start with a letter or digit, ≤ 64
// characters; document ids are letters, digits, `_`, `-` and `.` path separators.
const DATASET_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/
const DOCUMENT_ID = /^[a-zA-Z0-9_][a-zA-Z0-9_.-]{0,199}$/

export function isValidDatasetName(name: string): boolean {
  return DATASET_NAME.test(name)
}

export function isValidDocumentId(id: string): boolean {
  return DOCUMENT_ID.test(id) && !id.endsWith('.') && !id.includes('..')
}

/** A published document id has no path; `drafts.x`, `versions.r.x` and `a.b` all do. */
export function hasPath(id: string): boolean {
  return id.includes('.')
}

export function isDraftId(id: string): boolean {
  return id.startsWith(DRAFTS_PREFIX)
}

/** Ids, revisions and transaction ids in the style Sanity generates (base62, 22 chars). */
export function randomId(length = 22): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  const bytes = randomBytes(length * 2)
  let id = ''
  for (let i = 0; id.length < length; i++) {
    const byte = bytes[i % bytes.length] ?? 0
    if (byte < 248) id += alphabet[byte % 62]
  }
  return id
}
