import {describe, expect, it} from 'vitest'
import {backoffMs} from '../retry-batches.ts'
import {MAX_TEXT_ATTEMPTS, retryAt} from './outbox-rules.ts'

describe('when a sent text is tried again', () => {
  const at = Date.parse('2026-03-02T01:00:00Z')

  it('tries a failed send again after its backoff, growing with each attempt', () => {
    expect(retryAt('failed', 1, at)).toBe(at + backoffMs(1))
    expect(retryAt('failed', 3, at)).toBe(at + backoffMs(3))
    expect(backoffMs(3)).toBeGreaterThan(backoffMs(1))
  })

  it('gives a text up after its last attempt fails', () => {
    expect(retryAt('failed', MAX_TEXT_ATTEMPTS - 1, at)).not.toBeNull()
    expect(retryAt('failed', MAX_TEXT_ATTEMPTS, at)).toBeNull()
  })

  it('never tries again a text that went, was refused or was withheld', () => {
    for (const outcome of ['sent', 'kept', 'refused', 'cancelled'] as const)
      expect(retryAt(outcome, 1, at)).toBeNull()
  })
})
