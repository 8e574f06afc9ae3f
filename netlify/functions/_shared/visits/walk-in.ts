import type {Env} from '#config/settings.ts'
import type {Context} from '@netlify/functions'
import {kstDate, kstDayEnd, kstDayStart} from '#shared/korea-time.ts'
import {writeVisitAt} from '#shared/visits/visit-time.ts'
import {fieldMessages} from '#shared/leads/messages.ts'
import {sql} from '../database.ts'
import {asRecord, fail, json, readJsonBody} from '../http.ts'
import {forwardFirstAttempt} from '../leads/deliver.ts'
import {assignNewLead} from '../leads/owners.ts'
import {leadSettings} from '../lead-settings.ts'
import {SiteDirectory} from '../leads/sites.ts'
import {saveWalkIn} from '../leads/store.ts'
import {validateSubmission} from '../leads/validate.ts'
import {staffRequest} from '../gates/staff.ts'
import {noteAccess} from '../access-record.ts'
import {visitorKey} from '../gates/visitor.ts'
import type {CheckedIn} from '#shared/visits/staff-visits.ts'
import {checkedInOf, checkIn} from './arrival.ts'

/*
 * A visitor without a booking, registered at the model house's desk: the staff member types
 * the name and number, the visitor ticks the consent on the staff's device, and the visit is
 * stored already checked in (a lead of source 'walk-in' at 방문완료). Its lead is forwarded
 * like any other; it gets no text (the visit has begun, and no marketing consent is asked).
 */

const BODY_MAX = 4096

const MESSAGES = {
  body: '방문객의 이름, 연락처와 동의를 보내 주세요.',
  site: '현장을 선택해 주세요.',
  siteRefused: '이 현장의 정보를 볼 권한이 없습니다.',
  held: '이 번호로 잡힌 다른 날의 방문 예약이 있습니다. 문의 목록에서 그 예약을 찾아 오늘로 옮긴 뒤 방문을 확인해 주세요.',
  unavailable: '일시적인 장애로 현장 방문을 등록하지 못했습니다. 잠시 후 다시 시도해 주세요.',
} as const

export interface WalkInDeps {
  clock?: () => number
  sites?: SiteDirectory
  env?: Env
}

/** Today's booked visit of a number on a site not checked in yet: the visitor came as booked. */
async function todaysBooking(site: string, phone: string, now: number): Promise<string | null> {
  const today = kstDate(now)
  const rows = await sql()<{lead_id: string}>`
    SELECT v.lead_id FROM visits v JOIN leads l ON l.id = v.lead_id
    WHERE l.site = ${site} AND l.phone = ${phone} AND v.status = 'booked'
      AND v.arrived_at IS NULL
      AND v.starts_at >= ${new Date(kstDayStart(today))}
      AND v.starts_at < ${new Date(kstDayEnd(today))}
    ORDER BY v.starts_at LIMIT 1`
  return rows[0]?.lead_id ?? null
}

/**
 * POST /api/admin/visits/walk-in `{site, name, phone, consent, consentVersion?}` with an
 * `Idempotency-Key` per form: 201 `{ok, visit, walkIn: true}` with the new lead's visit
 * checked in; 200 `{ok, visit, walkIn: false}` when the number had a booking today, which is
 * checked in instead. Bad input is a 400 in Korean with the fields, a site the staff member
 * does not see a 403, a number holding a booking on another day a 409: nothing stored.
 */
export function createWalkInHandler({
  clock = Date.now,
  sites = new SiteDirectory(),
  env,
}: WalkInDeps = {}) {
  return async (req: Request, context: Pick<Context, 'ip'>): Promise<Response> => {
    const gate = await staffRequest(req, context, 'POST')
    if (!gate.ok) return gate.response
    const {staff} = gate
    const read = await readJsonBody(req, BODY_MAX)
    if (!read.ok) return read.response
    const body = asRecord(read.value)
    if (!body) return fail(400, MESSAGES.body)
    const site = typeof body.site === 'string' ? body.site.trim() : ''
    if (!site) return fail(400, MESSAGES.site, {site: MESSAGES.site})
    if (staff.sites !== null && !staff.sites.includes(site))
      return fail(403, MESSAGES.siteRefused, {site: MESSAGES.siteRefused})
    const now = clock()
    // The desk asks the required consent only: marketing needs the number owner's own word.
    const checked = validateSubmission(
      {...body, source: 'walk-in', marketingConsent: false},
      undefined,
      ['walk-in'],
    )
    if (!checked.ok) {
      const fields = fieldMessages(checked.codes)
      return fail(400, Object.values(fields)[0]!, fields)
    }
    const idempotencyKey = req.headers.get('idempotency-key')?.trim().slice(0, 200) || null
    const audit = {at: now, actor: staff.email, visitor: visitorKey(req, context)}
    try {
      if (!(await sites.resolve(site)).ok) return fail(400, MESSAGES.site, {site: MESSAGES.site})
      const booked = await todaysBooking(site, checked.input.phone, now)
      if (booked) {
        noteAccess(req, {leads: [booked]})
        const row = await checkIn(booked, [site], audit)
        if (row?.checked) return json({ok: true, visit: checkedInOf(row), walkIn: false})
      }
      const settings = leadSettings(env)
      const saved = await saveWalkIn(
        {
          input: {...checked.input, site},
          spam: null,
          doubt: null,
          idempotencyKey,
          now,
          forwarding: settings.forwarding,
        },
        {by: staff.email, visitor: audit.visitor},
      )
      if (saved === 'held') return fail(409, MESSAGES.held)
      if (saved.created) await assignNewLead(saved.lead, env)
      await forwardFirstAttempt(saved.lead, saved.claim, {url: settings.forwardUrl, clock})
      // The visit starts and is checked in as the lead is stored (a resent form: the first).
      const {lead} = saved
      noteAccess(req, {leads: [lead.id]})
      const visit: CheckedIn = {
        leadId: lead.id,
        receipt: lead.receipt,
        site,
        name: lead.name,
        visitAt: writeVisitAt(Date.parse(lead.createdAt)),
        arrivedAt: lead.createdAt,
        arrivedBy: staff.email,
      }
      return json({ok: true, visit, walkIn: true}, saved.created ? 201 : 200)
    } catch (error) {
      console.error('walk-in: database unavailable', error)
      return fail(503, MESSAGES.unavailable)
    }
  }
}
