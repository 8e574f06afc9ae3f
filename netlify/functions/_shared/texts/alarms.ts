import type {Env} from '#config/settings.ts'
import {STAFF_ALERT_KIND} from '#shared/texts/render.ts'
import {leadSettings} from '../lead-settings.ts'
import {lakeTextContent, type TextContentLoader} from '../texts/content.ts'
import {textProvider, withTimeout, type TextProvider} from '../texts/provider.ts'
import {
  closeIncident,
  incidentsOpenedOn,
  noteTold,
  openIncident,
  type IncidentKey,
} from '../incidents.ts'

/*
 * Alarms to the administrators: a text to each number the sites list as 운영 알림 받을 번호,
 * and an e-mail through the form-collection service (FORM_FORWARD_URL, which mails what it
 * receives) when the texts themselves are failing or no text reached anyone. An incident's
 * opening is told once, by the caller that opened it, and its recovery once, by the caller
 * that closed it. The workspace shows open incidents at the top of every page whatever the
 * alarm's way (`GET /api/admin/incidents`).
 */

export interface AlarmDeps {
  clock?: () => number
  env?: Env
  content?: TextContentLoader
  provider?: TextProvider
}

/**
 * Incidents a day whose opening and recovery are texted: at most 8 alarm texts a number a day,
 * the budget every number has, however often a flapping failure opens and closes them. Later
 * incidents of the day go by e-mail and the banner.
 */
export const TEXTED_INCIDENTS_PER_DAY = 4

/** An alarm's text or e-mail that has not gone within this long is given up. */
const SEND_TIMEOUT_MS = 5000

/** Every site's 운영 알림 받을 번호, each once. */
async function alarmPhones(content: TextContentLoader): Promise<string[]> {
  const sites = [...(await content()).sites.values()]
  return [...new Set(sites.flatMap((site) => site.operationsPhones ?? []))]
}

/** Posts the alarm to the form service, which e-mails it on; the error in words, or null. */
async function emailAlarm(url: string, key: string, text: string): Promise<string | null> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {'Content-Type': 'application/json', 'Idempotency-Key': key},
      body: JSON.stringify({_subject: '[운영 알림] 상담 관리', kind: 'operations-alarm', text}),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    })
    await response.body?.cancel()
    return response.ok ? null : `HTTP ${response.status}`
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

/**
 * Tells the administrators `text` and answers how, in Korean (`문자 2건`, `전자우편`): by text
 * to every alarm number while `mayText`, and by e-mail at once when `viaEmail` (the texts are
 * what fails), or after the texts when none went. A caller waits for both at most their timeouts.
 */
export async function tellAdministrators(
  key: string,
  text: string,
  {viaEmail, mayText}: {viaEmail: boolean; mayText: boolean},
  deps: AlarmDeps = {},
): Promise<string> {
  const {env = process.env, content = lakeTextContent} = deps
  const provider = deps.provider ?? textProvider(env)
  const url = leadSettings(env).forwardUrl
  const email = () =>
    url
      ? emailAlarm(url, key, text).then((error) => {
          if (error) console.error(`alarms: the e-mail through the form service failed: ${error}`)
          return !error
        })
      : Promise.resolve(false)
  const phones = mayText ? alarmPhones(content) : Promise.resolve([])
  const texting = phones
    .catch((error: unknown) => {
      console.error('alarms: the alarm numbers could not be read', error)
      return []
    })
    .then((phones) =>
      Promise.all(
        phones.map((to) =>
          withTimeout(
            provider.send({id: key, kind: STAFF_ALERT_KIND, to, text, values: {}}),
            SEND_TIMEOUT_MS,
          ).catch((error: unknown) => ({status: 'failed' as const, reason: String(error)})),
        ),
      ),
    )
  const [results, emailedAtOnce] = await Promise.all([
    texting,
    viaEmail ? email() : Promise.resolve(false),
  ])
  const texted = results.filter((r) => r.status === 'sent' || r.status === 'kept').length
  if (texted < results.length)
    console.error(`alarms: ${results.length - texted} of ${results.length} alarm texts failed`)
  const emailed = emailedAtOnce || (!viaEmail && texted === 0 && (await email()))
  const told = [...(texted > 0 ? [`문자 ${texted}건`] : []), ...(emailed ? ['전자우편'] : [])]
  return told.length > 0 ? told.join(', ') : '화면에만 표시'
}

export interface Alarm extends IncidentKey {
  /** What is wrong, in Korean: the incident's detail and the alarm's words. */
  detail: string
}

const alarmText = (detail: string) => `[운영 알림] ${detail} 상담 관리의 운영 상태를 확인해 주세요.`

/** Opens the incident and tells the administrators, unless it was open already. */
export async function raiseAlarm(alarm: Alarm, deps: AlarmDeps = {}): Promise<boolean> {
  const {clock = Date.now} = deps
  const opened = await openIncident(alarm, alarm.detail, clock())
  if (!opened) return false
  const told = await tellAdministrators(
    `${opened.id}:opened`,
    alarmText(alarm.detail),
    {
      viaEmail: alarm.kind === 'texts',
      mayText: (await incidentsOpenedOn(opened.openedAt)) <= TEXTED_INCIDENTS_PER_DAY,
    },
    deps,
  )
  await noteTold(opened.id, 'opened', told)
  return true
}

/** How long an incident lasted, in Korean (`3시간 5분`, `40분`, `1분 미만`). */
export function lastedFor(ms: number): string {
  const minutes = Math.floor(ms / 60_000)
  const hours = Math.floor(minutes / 60)
  if (minutes < 1) return '1분 미만'
  return hours > 0 ? `${hours}시간${minutes % 60 ? ` ${minutes % 60}분` : ''}` : `${minutes}분`
}

/**
 * Closes the open incident of `key`, if any, and tells the administrators it cleared
 * (`cleared` says what is well again, in Korean).
 */
export async function clearAlarm(
  key: IncidentKey,
  cleared: string,
  deps: AlarmDeps = {},
): Promise<boolean> {
  const {clock = Date.now} = deps
  const now = clock()
  const closed = await closeIncident(key, now)
  if (!closed) return false
  const text = `[운영 알림] 복구: ${cleared} (${lastedFor(now - closed.openedAt)} 동안 문제)`
  const told = await tellAdministrators(
    `${closed.id}:closed`,
    text,
    {
      viaEmail: key.kind === 'texts',
      mayText: (await incidentsOpenedOn(now)) <= TEXTED_INCIDENTS_PER_DAY,
    },
    deps,
  )
  await noteTold(closed.id, 'closed', told)
  return true
}
