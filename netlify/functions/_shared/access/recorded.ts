import type {AccessTask} from '#shared/access/access-record.ts'
import {UNKNOWN_ACTOR} from '../audit.ts'
import {fail} from '../http.ts'
import type {StaffContext} from '../leads/admin-handlers.ts'
import {isLeadId} from '../leads/store.ts'
import {clientAddress} from '../gates/visitor.ts'
import {accessNote, writeAccess} from '../access-record.ts'

/*
 * The wrapper of every staff endpoint that touches a lead, a visit or a text: each request
 * whose sender is known (signed in, or refused with a credential) becomes one row of the
 * access record, whatever the handler answered. `netlify/functions/_tests/access-recorded.test.ts`
 * calls every staff endpoint and fails for one that writes no row.
 */

/** The task each method of an endpoint is, in the record's words. */
export type AccessTasks = Partial<Record<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', AccessTask>>

export const NOT_RECORDED =
  '일시적인 장애로 접속기록을 남기지 못해 요청을 처리하지 않았습니다. 잠시 후 다시 시도해 주세요.'

/** At most this many query parameters, each cut to this length, describe a request's filter. */
const FILTER_PARAMS_MAX = 20
const FILTER_VALUE_MAX = 200
/**
 * Where a list resumes, how long a page is, and a download's reason (a column of its own):
 * not part of whose data a request shows.
 */
const NOT_FILTERS = new Set(['cursor', 'limit', 'reason'])

function queryFilter(url: URL): Record<string, string> | undefined {
  const entries = [...url.searchParams]
    .filter(([name, value]) => !NOT_FILTERS.has(name) && value !== '')
    .slice(0, FILTER_PARAMS_MAX)
    .map(([name, value]) => [name.slice(0, 50), value.slice(0, FILTER_VALUE_MAX)])
  return entries.length > 0 ? Object.fromEntries(entries) : undefined
}

/**
 * `handler` with its access recorded: after it answers, one row of who (what the staff
 * gate noted), when (the request's arrival), from where (the client address), the task of
 * the method, whose data (the lead of the path's `:id`, the query's filter, and what the
 * handler noted) and the status. A request with no sender known (no credential) or of a
 * method the endpoint does not offer writes nothing. No data leaves unrecorded: a read
 * whose row cannot be written is answered 503 instead. A change whose row cannot be
 * written has already been made with its audit entry, so its answer stands and the failure
 * is logged.
 */
export function recordsAccess<Ctx extends StaffContext, Rest extends unknown[]>(
  tasks: AccessTasks,
  handler: (req: Request, context: Ctx, ...rest: Rest) => Promise<Response>,
): (req: Request, context: Ctx, ...rest: Rest) => Promise<Response> {
  return async (req, context, ...rest) => {
    const at = Date.now()
    const response = await handler(req, context, ...rest)
    const task = tasks[req.method as keyof AccessTasks]
    const note = accessNote(req)
    if (!task || (!note?.actor && !note?.refused)) return response
    const url = new URL(req.url)
    const id = context.params?.id
    const leads = [...(id && isLeadId(id) ? [id.toLowerCase()] : []), ...(note.leads ?? [])]
    const filter = queryFilter(url)
    try {
      await writeAccess({
        at,
        actor: note.actor ?? UNKNOWN_ACTOR,
        address: clientAddress(req, context),
        task,
        method: req.method,
        path: url.pathname,
        status: response.status,
        leads: [...new Set(leads)],
        subject: {...(filter ? {filter} : {}), ...note.subject},
        reason: note.reason ?? null,
        refused: note.refused ?? null,
      })
      return response
    } catch (error) {
      console.error(`access record: ${req.method} ${url.pathname} was not recorded`, error)
      if (req.method !== 'GET' || !response.ok) return response
      await response.body?.cancel()
      return fail(503, NOT_RECORDED)
    }
  }
}
