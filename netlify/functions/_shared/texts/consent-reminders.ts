import {randomUUID} from 'node:crypto'
import {kstDate} from '#shared/korea-time.ts'
import {withParticle} from '#shared/korean-particles.ts'
import {CONSENT_REMINDER_KIND, withDataLink, type TextValues} from '#shared/texts/render.ts'
import {readConfig} from '#config/settings.ts'
import {sql} from '../database.ts'
import {runDeadline} from '../run-deadline.ts'
import {visitPath} from '../auth/visit-link.ts'
import {lakeTextContent} from './content.ts'
import {advertDueAt, dataPageLink, type NewText} from './outbox-rules.ts'
import {markTextsDue, sendClaimedText, type TextDeps} from './outbox-run.ts'
import {queueTexts} from './outbox-statements.ts'
import {textProvider} from './provider.ts'
import {refused} from './refusals.ts'

/*
 * The reminder of a marketing consent (정보통신망법 제50조⑧): whoever agreed to adverts is
 * told, every two years from the consent, that they agreed, when, by whom, and how to
 * withdraw. It is a notice, not a new opt-in: nothing is asked of them. It goes from 30 days
 * before each second anniversary of the owner's confirmation (the moment the consent counts),
 * once per two-year period (the row's revision is the period's number), in daytime only, and
 * only while the consent stands: the outbox's insert and claim treat it as they treat the
 * advert.
 */

/** A consent is reminded of every this many years. */
export const CONSENT_PERIOD_YEARS = 2
/** Each reminder is due this many days before its period ends. */
export const REMINDER_DAYS_AHEAD = 30
/** Leads reminded per run: more wait for the next day's, well inside the 30 days ahead. */
const RUN_LIMIT = 500

const DAY_MS = 24 * 60 * 60_000

/** '2024년 12월 1일': a day in Seoul as the reminder writes it. */
export function consentDate(at: number): string {
  const [year, month, day] = kstDate(at).split('-').map(Number)
  return `${year}년 ${month}월 ${day}일`
}

/**
 * The reminder's text: its sender (the site), the date of the consent and the free ways to
 * withdraw it (the site's 080 number, when it has one, and the owner's link, whose one tap
 * withdraws it). The data page's line follows, as on every text to a visitor.
 */
export function consentReminderText(values: {
  단지: string
  이름: string
  동의일: string
  무료수신거부: string | null
  링크: string
}): string {
  const ways = values.무료수신거부
    ? `무료수신거부 ${withParticle(values.무료수신거부, '으로/로')} 전화하시거나 아래 링크에서`
    : '아래 링크에서'
  return (
    `[${values.단지}] ${values.이름}님은 ${values.동의일}에 ${values.단지}의 분양 소식·행사 안내 ` +
    `문자(광고) 수신에 동의하셨습니다. 정보통신망법에 따라 동의하신 사실을 2년마다 알려 ` +
    `드리며, 계속 받으시려면 따로 하실 일은 없습니다. 받지 않으시려면 ${ways} 언제든 ` +
    `철회하실 수 있습니다.\n${values.링크}`
  )
}

interface DueRow {
  id: string
  site: string
  name: string
  phone: string
  receipt: string
  confirmed_at: Date
  period: number
}

/**
 * The leads whose consent's reminder of the current period is due and missing: consent ticked
 * and confirmed by the number's owner, not withdrawn, the number not refusing, texts not
 * withheld (spam, the number's daily registrations), and within 30 days of the period's end,
 * counted in Seoul's days (UTC+9, no summer time).
 */
async function dueReminders(now: number, limit: number): Promise<DueRow[]> {
  const s = sql()
  return s<DueRow>`
    SELECT l.id, l.site, l.name, l.phone, l.receipt, l.marketing_confirmed_at AS confirmed_at,
      p.period
    FROM leads l CROSS JOIN LATERAL (
      SELECT (floor(date_part('year', age(
        ((${new Date(now + REMINDER_DAYS_AHEAD * DAY_MS)}::timestamptz AT TIME ZONE 'UTC')
          + interval '9 hours')::date,
        ((l.marketing_confirmed_at AT TIME ZONE 'UTC') + interval '9 hours')::date))
        / ${CONSENT_PERIOD_YEARS}))::int AS period) p
    WHERE l.marketing_consent AND l.marketing_confirmed_at IS NOT NULL AND p.period >= 1
      AND l.spam_reason IS NULL AND l.texts_withheld IS NULL
      AND NOT ${refused(s, s`l.phone`)}
      AND NOT EXISTS (SELECT 1 FROM text_messages t WHERE t.lead_id = l.id
        AND t.kind = ${CONSENT_REMINDER_KIND} AND t.revision = p.period)
    ORDER BY l.marketing_confirmed_at, l.id
    LIMIT ${limit}`
}

export interface ReminderRun {
  /** Reminders found due and missing at the run's start (another run may queue some first). */
  due: number
  /** Sent (or kept, by the local provider) by this run; the rest go with the texts' sweep. */
  sent: number
}

/**
 * One run of the consent-reminders job: queues the due reminders through the outbox (a run
 * that overlaps another, or runs twice, queues each once) and sends what it queued until
 * its deadline; a reminder queued in the quiet hours waits for 08:00, and whatever is left
 * the texts' sweep sends.
 */
export async function remindConsents({
  clock = Date.now,
  env = process.env,
  content = lakeTextContent,
  provider = textProvider(env),
  deadline = runDeadline(clock()),
  concurrency = 8,
}: TextDeps & {
  /** No send is started from this instant on (runDeadline). */
  deadline?: number
  concurrency?: number
} = {}): Promise<ReminderRun> {
  const now = clock()
  const rows = await dueReminders(now, RUN_LIMIT)
  if (rows.length === 0) return {due: 0, sent: 0}
  const {sites} = await content()
  const siteUrl = readConfig(env).siteUrl
  const texts: NewText[] = rows.map((row) => {
    const site = sites.get(row.site)
    const link = `${siteUrl}${visitPath(row.site, row.id, env, 'owner')}`
    const myInfo = dataPageLink(row.site, row.id, env)
    const variables: TextValues = {
      이름: row.name,
      일시: '',
      주소: site?.address ?? '',
      지도: site?.mapUrl ?? '',
      링크: link,
      접수번호: row.receipt,
      단지: site?.name ?? '',
      잔여: '',
      수신거부: site?.refusalPhone ? `무료수신거부 ${site.refusalPhone}` : `수신거부: ${link}`,
      내정보: myInfo,
    }
    return {
      id: randomUUID(),
      kind: CONSENT_REMINDER_KIND,
      revision: row.period,
      lead_id: row.id,
      recipient: row.phone,
      body: withDataLink(
        consentReminderText({
          단지: variables.단지,
          이름: row.name,
          동의일: consentDate(row.confirmed_at.getTime()),
          무료수신거부: site?.refusalPhone ?? null,
          링크: link,
        }),
        myInfo,
      ),
      variables,
      due_at: new Date(advertDueAt(now)).toISOString(),
      fold_key: null,
    }
  })
  const claimed = await queueTexts(texts, now)
  // What this run leaves (the quiet hours, the deadline, a failure) is the texts' job's.
  await markTextsDue(advertDueAt(now))
  let sent = 0
  for (let i = 0; i < claimed.length && clock() < deadline; i += concurrency) {
    const outcomes = await Promise.all(
      claimed
        .slice(i, i + concurrency)
        .map((one) => sendClaimedText(one, provider, clock, content)),
    )
    sent += outcomes.filter((outcome) => outcome === 'sent' || outcome === 'kept').length
  }
  return {due: rows.length, sent}
}
