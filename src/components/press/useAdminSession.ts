import {useSyncExternalStore} from 'react'
import {adminSession, type AdminSessionState} from '#src/lib/admin-session.ts'

/**
 * The administrator's session state; 'unknown' while prerendering and until a reload's session
 * check answers.
 */
export function useAdminSession(): AdminSessionState {
  return useSyncExternalStore(
    adminSession.subscribe,
    adminSession.getSnapshot,
    adminSession.getSnapshot,
  )
}
