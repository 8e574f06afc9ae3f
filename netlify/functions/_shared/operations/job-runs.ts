import {particleFor} from '#shared/korean-particles.ts'
import {DESTROYED_KINDS} from '#shared/privacy/destruction-runs.ts'
import {mayRunSchedule} from '../scheduled-runs.ts'
import {clearAlarm, raiseAlarm, type AlarmDeps} from '../texts/alarms.ts'
import {isLate, SCHEDULED_JOBS, scheduledJob, type ScheduledJob} from './jobs.ts'
import {operationsStore} from '../operations-store.ts'

/*
 * Each scheduled run's record, in Blobs (`job-runs/<name>`), where the health page and every
 * other run read it without a database query; and the lateness alarm, judged after every run
 * from those records, so one job still running notices another that stopped. The database
 * is touched only when a job is late or has just run after being late.
 */

export interface JobRun {
  name: string
  /** When the run started (ISO 8601). */
  startedAt: string
  durationMs: number
  /** What it did, in a line. */
  did: string
  /** Whether it answered without an error. */
  ok: boolean
}

const runKey = (name: string) => `job-runs/${name}`

/** The last recorded run of every scheduled job (absent: none recorded). */
export async function readJobRuns(): Promise<Map<string, JobRun>> {
  const store = operationsStore()
  const runs = await Promise.all(
    SCHEDULED_JOBS.map(async (job) => [
      job.name,
      await store.get(runKey(job.name), {type: 'json'}),
    ]),
  )
  return new Map(
    runs.filter((entry): entry is [string, JobRun] => entry[1] !== null && entry[1] !== undefined),
  )
}

/** The longest `did` kept: a line on the health page. */
const DID_MAX = 200

/** A number of an answer that is a time or a duration (`contactAlertAt`, `durationMs`), not a count. */
const NOT_A_COUNT = /(At|Ms|S)$/

/** Sums the counts of a run's answer by their names, wherever they sit in it. */
function numbersByName(value: unknown, sums: Map<string, number>): void {
  if (Array.isArray(value)) for (const item of value) numbersByName(item, sums)
  else if (value !== null && typeof value === 'object')
    for (const [name, item] of Object.entries(value)) {
      if (typeof item === 'number') {
        if (!NOT_A_COUNT.test(name)) sums.set(name, (sums.get(name) ?? 0) + item)
      } else numbersByName(item, sums)
    }
}

/**
 * The counts the jobs answer, by name, as the health page words them (the retention job's
 * destroyed kinds by their own names); a count of another name keeps its name.
 */
const COUNT_WORDS: Readonly<Record<string, string>> = {
  ...DESTROYED_KINDS,
  queued: '대기열에 넣음',
  due: '처리 대상',
  sent: '발송',
  kept: '보관',
  failed: '실패',
  refused: '거절됨',
  cancelled: '취소',
  skipped: '건너뜀',
  offered: '대기 자리 안내',
  delivered: '전달',
  marked: '노쇼 기록',
  read: '읽음',
  added: '새로 추가',
}

/**
 * What a run did, from its answer: the counts it answered that are not zero, in Korean
 * (`처리 대상 3, 발송 3`), `할 일 없음` when all are, or the status and error of a failed run.
 */
export async function describeRun(response: Response): Promise<string> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as Record<string, unknown> | null
  if (!response.ok) {
    const error = typeof body?.error === 'string' ? `: ${body.error}` : ''
    return `HTTP ${response.status}${error}`.slice(0, DID_MAX)
  }
  const sums = new Map<string, number>()
  numbersByName(body, sums)
  const counts = [...sums]
    .filter(([, n]) => n !== 0)
    .map(([name, n]) => `${COUNT_WORDS[name] ?? name} ${n.toLocaleString('ko-KR')}`)
  return (counts.length > 0 ? counts.join(', ') : '할 일 없음').slice(0, DID_MAX)
}

const lateDetail = (job: ScheduledJob, run: JobRun, now: number) => {
  const minutes = Math.floor((now - Date.parse(run.startedAt)) / 60_000)
  return `예약 작업 '${job.label}'(${job.every})${particleFor(job.label, '이/가')} ${minutes}분째 실행되지 않았습니다.`
}

/**
 * Records `run` and judges lateness. When the job's previous run is late by now, it has just
 * run again: its incident closes, and it judges no other job, since a gap in its own runs
 * means the schedules were stopped (a local stack restarted, an outage of the platform) and
 * the others resume too. Otherwise every other job late by its record opens an incident.
 */
export async function recordRun(run: JobRun, deps: AlarmDeps = {}): Promise<void> {
  const store = operationsStore()
  const {clock = Date.now} = deps
  const previous = (await store.get(runKey(run.name), {type: 'json'})) as JobRun | null
  await store.setJSON(runKey(run.name), run)
  const now = clock()
  const job = scheduledJob(run.name)
  if (job && previous && isLate(job, Date.parse(previous.startedAt), now)) {
    const again = `예약 작업 '${job.label}'${particleFor(job.label, '이/가')} 다시 실행되었습니다.`
    await clearAlarm({kind: 'job', subject: job.name}, again, deps)
    return
  }
  const runs = await readJobRuns()
  for (const other of SCHEDULED_JOBS) {
    const last = runs.get(other.name)
    if (other.name !== run.name && last && isLate(other, Date.parse(last.startedAt), now))
      await raiseAlarm(
        {kind: 'job', subject: other.name, detail: lateDetail(other, last, now)},
        deps,
      )
  }
}

/**
 * A scheduled function's handler whose runs are recorded (recordRun). A request that may not
 * start a run (../scheduled-runs.ts) goes to the handler unrecorded; a failure to record is logged
 * and never changes the run's answer.
 */
export function recordsRun<Rest extends unknown[]>(
  name: string,
  handler: (req: Request, ...rest: Rest) => Promise<Response>,
  deps: AlarmDeps = {},
): (req: Request, ...rest: Rest) => Promise<Response> {
  return async (req, ...rest) => {
    if (!mayRunSchedule(req, name)) return handler(req, ...rest)
    const {clock = Date.now} = deps
    const startedAt = clock()
    const started = performance.now()
    const record = async (did: string, ok: boolean) => {
      try {
        const durationMs = Math.round(performance.now() - started)
        const at = new Date(startedAt).toISOString()
        await recordRun({name, startedAt: at, durationMs, did, ok}, deps)
      } catch (error) {
        console.error(`job runs: the run of ${name} could not be recorded`, error)
      }
    }
    let response: Response
    try {
      response = await handler(req, ...rest)
    } catch (error) {
      await record(`오류: ${error instanceof Error ? error.message : String(error)}`, false)
      throw error
    }
    await record(await describeRun(response), response.ok)
    return response
  }
}
