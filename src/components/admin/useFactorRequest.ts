import {useState} from 'react'
import type {FactorResult} from '#src/lib/second-factor.ts'

/**
 * A second-factor request from a form: busy while it runs (the buttons wait), its Korean
 * error when it fails, its answer when it succeeds.
 */
export function useFactorRequest() {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  async function run<T>(
    task: () => Promise<FactorResult<T>>,
  ): Promise<Extract<FactorResult<T>, {ok: true}> | null> {
    setBusy(true)
    setError(null)
    const result = await task()
    setBusy(false)
    if (result.ok) return result
    setError(result.error)
    return null
  }
  return {busy, error, run}
}
