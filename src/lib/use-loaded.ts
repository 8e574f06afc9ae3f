import {useCallback, useEffect, useRef, useState, type DependencyList} from 'react'

/** A failure as the browser's calls answer it: a Korean message, maybe one per field. */
interface Failure {
  ok: false
  error: string
  fields?: Record<string, string>
}

export type LoadState = 'loading' | 'loaded' | 'failed'

export interface Loaded<T> {
  state: LoadState
  /** The latest answer; while loading or after a failure, null unless `keep` holds the last. */
  data: T | null
  /** The failure's message, null unless failed. */
  error: string | null
  /** The failure's messages by field, empty unless failed. */
  fields: Record<string, string>
  /** Asks again with the same dependencies. */
  reload(): void
  /** Changes what is shown after the view's own action, until the next answer. */
  setData(update: T | null | ((data: T | null) => T | null)): void
}

export interface LoadOptions<T> {
  /** The last answer stays on screen while the next loads and when it fails. */
  keep?: boolean
  /** Asks again this often; those reads are `polled`, nobody having asked for them. */
  pollMs?: number
  /** Runs with each answer that is shown (not a stale one): focus, a form's starting value. */
  onLoaded?(data: T): void
}

interface Shown<T> {
  state: LoadState
  data: T | null
  failure: Failure | null
}

/**
 * What a view shows of a call made on mount and again whenever `deps` change: its state, its
 * answer or its failure. Only the latest request may set them: an answer to a request made
 * before a newer one (a poll's included), or arriving after the view has gone, is dropped.
 * `load` answers a failure as `{ok: false, error}` (as every call in `src/lib/api/` does),
 * never by rejecting.
 */
export function useLoaded<R extends {ok: true} | Failure>(
  load: (read: {polled: boolean}) => Promise<R>,
  deps: DependencyList,
  {keep = false, pollMs, onLoaded}: LoadOptions<Extract<R, {ok: true}>> = {},
): Loaded<Extract<R, {ok: true}>> {
  type T = Extract<R, {ok: true}>
  const [shown, setShown] = useState<Shown<T>>({state: 'loading', data: null, failure: null})
  const [asked, setAsked] = useState(0)
  // The latest `load` and `onLoaded` are used without asking again when only they change.
  const latest = useRef({load, onLoaded})
  latest.current = {load, onLoaded}

  useEffect(() => {
    let current = true
    // Reads are numbered as they are sent: a slow read answering after a later one, as a
    // poll can, is older than what is shown and is dropped.
    let sent = 0
    let shownRead = 0
    const read = (polled: boolean) => {
      const number = ++sent
      void latest.current.load({polled}).then((result) => {
        if (!current || number < shownRead) return
        shownRead = number
        if (result.ok) {
          setShown({state: 'loaded', data: result as T, failure: null})
          latest.current.onLoaded?.(result as T)
        } else
          setShown((before) => ({
            state: 'failed',
            data: keep ? before.data : null,
            failure: result as Failure,
          }))
      })
    }
    setShown((before) => ({state: 'loading', data: keep ? before.data : null, failure: null}))
    read(false)
    const timer = pollMs ? setInterval(() => read(true), pollMs) : undefined
    return () => {
      current = false
      clearInterval(timer)
    }
    // The caller's dependencies stand for what `load` reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, asked, keep, pollMs])

  const reload = useCallback(() => setAsked((count) => count + 1), [])
  const setData = useCallback((update: T | null | ((data: T | null) => T | null)) => {
    setShown((before) => ({
      ...before,
      data: typeof update === 'function' ? update(before.data) : update,
    }))
  }, [])

  return {
    state: shown.state,
    data: shown.data,
    error: shown.failure?.error ?? null,
    fields: shown.failure?.fields ?? NO_FIELDS,
    reload,
    setData,
  }
}

const NO_FIELDS: Record<string, string> = {}
