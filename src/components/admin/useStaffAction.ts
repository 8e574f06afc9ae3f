import {useState} from 'react'
import type {ApiResult} from '#src/lib/api/leads.ts'

/**
 * A form's or a button's call of a staff endpoint: busy while it runs, then the refusal's
 * message and field messages, or `done` with the answer.
 */
export function useStaffAction() {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})

  async function run<T>(call: () => Promise<ApiResult<T>>, done: (answer: T) => void) {
    setBusy(true)
    setError(null)
    const result = await call()
    setBusy(false)
    if (!result.ok) {
      setError(result.error)
      setFieldErrors(result.fields ?? {})
      return
    }
    setFieldErrors({})
    done(result)
  }

  return {busy, error, fieldErrors, run}
}
