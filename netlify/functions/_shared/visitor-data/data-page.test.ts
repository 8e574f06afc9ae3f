import {describe, expect, it} from 'vitest'
import type {VisitorData} from '#shared/visitor-data/contract.ts'
import {sql} from '../database.ts'
import {NOW, SITE, useVisitTestServices} from '../visits/testing.ts'
import {
  createDataHandler,
  createMarketingHandler,
  createNameHandler,
  createPhoneConfirmHandler,
  createPhoneHandler,
} from './handlers.ts'
import {call, lastCode, PHONE, register, signIn, visitorDeps} from './testing.ts'

const SLOT = '2026-11-27T10:00:00+09:00'
const NEW_PHONE = '010-8765-4321'

describe('the data page', () => {
  useVisitTestServices()
  const deps = () => visitorDeps()
  const data = async (token: string) => {
    const answer = await call(createDataHandler(deps()), '/api/visitor/data', {token})
    expect(answer.status).toBe(200)
    return (await answer.json()) as VisitorData
  }
  const errorOf = async (answer: Response) => ((await answer.json()) as {error: string}).error

  it('shows every registration, visit, consent and text of the number on the site, and its stages, not the staff’s notes', async () => {
    const booked = await register(PHONE, {
      visitAt: SLOT,
      marketingConsent: true,
      marketingConsentVersion: '2026-11-01T00:00:00Z',
      consentVersion: '2026-11-01T00:00:00Z',
      message: '84A 타입이 궁금합니다.',
      attribution: {utmSource: 'naver', landingPath: '/FloorPlan/84A'},
    })
    await register(PHONE, {name: '홍길순'})
    await register('010-1111-2222', {name: '남의 이름'})
    const [lead] = await sql()<{id: string}>`SELECT id FROM leads WHERE receipt = ${booked.receipt}`
    await sql()`INSERT INTO lead_notes (lead_id, at, author, body)
      VALUES (${lead!.id}, now(), 'staff@example.com', '상담 메모: 예산이 빠듯함')`
    await sql()`INSERT INTO audit_log (at, actor, action, lead_id, detail)
      VALUES (${new Date(NOW + 60_000)}, 'staff@example.com', 'stage', ${lead!.id},
        '{"from": "booked", "to": "contacted"}')`

    const shown = await data(await signIn())
    expect(shown).toMatchObject({ok: true, site: SITE, siteName: '솔담 레이크파크', phone: PHONE})
    expect(shown.leads.map((one) => one.name).sort()).toEqual(['홍길동', '홍길순'])
    const mine = shown.leads.find((one) => one.receipt === booked.receipt)!
    expect(mine).toMatchObject({
      source: 'popup',
      message: '84A 타입이 궁금합니다.',
      attribution: {utmSource: 'naver', landingPath: '/FloorPlan/84A'},
      stage: 'booked',
      stages: [{at: new Date(NOW + 60_000).toISOString(), from: 'booked', to: 'contacted'}],
    })
    expect(shown.visits).toEqual([
      expect.objectContaining({
        receipt: booked.receipt,
        type: 'visit',
        visitAt: SLOT,
        status: 'booked',
      }),
    ])
    expect(shown.consents.filter((consent) => consent.receipt === booked.receipt)).toEqual([
      expect.objectContaining({kind: 'privacy', given: true, version: '2026-11-01T00:00:00Z'}),
      expect.objectContaining({
        kind: 'marketing',
        given: true,
        version: '2026-11-01T00:00:00Z',
        confirmedAt: null,
        withdrawnAt: null,
      }),
    ])
    expect(shown.texts.map((text) => text.kind).sort()).toEqual([
      'acknowledgement',
      'confirmation',
      'verification',
    ])
    // Nothing the staff wrote, nor who they are, nor another number's registration.
    const everything = JSON.stringify(shown)
    for (const hidden of ['상담 메모', 'staff@example.com', '남의 이름', '010-1111-2222'])
      expect(everything).not.toContain(hidden)
  })

  it('every text to the visitor ends with the link to the data page', async () => {
    await register(PHONE, {visitAt: SLOT})
    const [text] = await sql()<{
      body: string
    }>`SELECT body FROM text_messages WHERE kind = 'confirmation'`
    expect(text!.body).toMatch(
      /\n내 정보 확인·삭제: http:\/\/localhost:\d+\/ulsan-lakepark\/my-info\/[A-Za-z0-9_-]{43}$/,
    )
  })

  it('corrects the name of every registration of the number, and refuses a name a text may not carry', async () => {
    await register()
    await register(PHONE, {name: '홍길순'})
    const token = await signIn()
    const name = (value: unknown) =>
      call(createNameHandler(deps()), '/api/visitor/name', {token, body: {name: value}})
    const refused = await Promise.all([name(''), name('www.example.com'), name('가'.repeat(31))])
    expect(refused.map((answer) => answer.status)).toEqual([400, 400, 400])
    expect(await errorOf(refused[0]!)).toBe('이름을 입력해 주세요.')
    const renamed = await name('  홍  길동 ')
    expect(renamed.status).toBe(200)
    expect(await renamed.json()).toEqual({ok: true, leads: 2})
    expect((await data(token)).leads.map((one) => one.name)).toEqual(['홍 길동', '홍 길동'])
    expect(
      await sql()`SELECT kind, result, phone FROM visitor_requests WHERE kind <> 'view'`,
    ).toEqual([{kind: 'correct-name', result: {leads: 2}, phone: null}])
  })

  it('moves the number to a new one confirmed by a code texted to it, and refuses a number already registered', async () => {
    await register(PHONE, {visitAt: SLOT})
    await register('010-5555-6666', {name: '다른 사람'})
    const token = await signIn()
    const ask = (phone: string) =>
      call(createPhoneHandler(deps()), '/api/visitor/phone', {token, body: {phone}})
    const confirm = (phone: string, code: string) =>
      call(createPhoneConfirmHandler(deps()), '/api/visitor/phone/confirm', {
        token,
        body: {phone, code},
      })

    const taken = await ask('010-5555-6666')
    expect(taken.status).toBe(409)
    expect(await errorOf(taken)).toBe(
      '이 현장에 이미 등록된 번호라 이 번호로 바꿀 수 없습니다. 그 번호로 본인 확인을 하시거나 대표번호로 연락 주세요.',
    )
    expect((await ask(PHONE)).status).toBe(400)
    const asked = await ask(NEW_PHONE)
    expect(asked.status).toBe(202)
    const code = await lastCode(NEW_PHONE)
    expect(
      (
        await sql()<{body: string}>`SELECT body FROM text_messages WHERE recipient = ${NEW_PHONE}`
      )[0]!.body,
    ).toContain('연락처 변경 인증번호는')
    // A code of the session's own number does not confirm the new one.
    expect((await confirm(NEW_PHONE, await lastCode(PHONE))).status).not.toBe(200)
    const moved = await confirm(NEW_PHONE, code)
    expect(moved.status).toBe(200)
    const {token: newToken} = (await moved.json()) as {token: string}
    expect((await data(token)).leads).toEqual([])
    const now = await data(newToken)
    expect(now.phone).toBe(NEW_PHONE)
    expect(now.leads.map((one) => one.phone)).toEqual([NEW_PHONE])
    expect(now.visits).toHaveLength(1)
  })

  it('stops marketing to the number: the consent withdrawn on every registration, the number on the refusal list', async () => {
    await register(PHONE, {marketingConsent: true, marketingConsentVersion: '2026-11-01T00:00:00Z'})
    await register(PHONE, {marketingConsent: true, marketingConsentVersion: '2026-11-01T00:00:00Z'})
    const token = await signIn()
    const stopped = await call(createMarketingHandler(deps()), '/api/visitor/marketing', {
      token,
      body: {},
    })
    expect(stopped.status).toBe(200)
    expect(await stopped.json()).toEqual({ok: true, leads: 2})
    const shown = await data(token)
    expect(shown.refusal).toEqual({at: new Date(NOW).toISOString(), source: 'visitor'})
    expect(
      shown.consents
        .filter((consent) => consent.kind === 'marketing')
        .map((consent) => consent.withdrawnAt),
    ).toEqual([new Date(NOW).toISOString(), new Date(NOW).toISOString()])
    expect(await sql()`SELECT marketing_consent FROM leads`).toEqual([
      {marketing_consent: false},
      {marketing_consent: false},
    ])
  })
})
