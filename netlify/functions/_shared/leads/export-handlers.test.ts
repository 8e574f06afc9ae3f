import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {mintAdminToken, TEST_AUTH_SECRET} from '#tests/helpers/admin-token.ts'
import {csvRecords} from '#tests/helpers/csv-records.ts'
import {sevenZipExtract, sevenZipMethods, zipEntries} from '#tests/helpers/zip-entries.ts'
import {sql} from '../database.ts'
import {leadsCsvHandler, leadsZipHandler} from './export-handlers.ts'
import {localProvider} from '../texts/provider.ts'
import {seedTextContent} from '../texts/testing.ts'
import {createRegisterHandler} from '../registration/register-handler.ts'
import {jsonRequest, testSites, useLeadTestServices, validBody} from './testing.ts'

/*
 * The staff's exports: a reason for every file, only the columns chosen, the plain CSV for
 * administrators, an encrypted ZIP for everyone, each file in the audit log with its reason.
 */

const MINUTE = 60_000
const START = Date.parse('2026-11-01T03:00:00Z')
const PASSWORD = 'Lake view 2026!'
const ZIP_NAME = `문의목록-20261101.zip`

describe('exports of leads: GET /api/admin/leads.csv and POST /api/admin/leads.zip', () => {
  useLeadTestServices()
  const context = {ip: '192.0.2.10'}
  let admin: string
  let counsellor: string

  const csv = (query: string, token = admin, batch?: number) =>
    leadsCsvHandler(
      new Request(`http://localhost/api/admin/leads.csv?${query}`, {
        headers: {Authorization: `Bearer ${token}`},
      }),
      context,
      START,
      batch,
    )
  const zip = (body: Record<string, unknown>, token = counsellor, batch?: number) =>
    leadsZipHandler(
      new Request('http://localhost/api/admin/leads.zip', {
        method: 'POST',
        headers: {Authorization: `Bearer ${token}`, 'Content-Type': 'application/json'},
        body: JSON.stringify(body),
      }),
      context,
      START,
      batch,
    )
  const exports = () =>
    sql()<{actor: string; detail: Record<string, unknown>}>`
      SELECT actor, detail FROM audit_log WHERE action = 'export' ORDER BY id`
  const asked = (query: Record<string, string>) => new URLSearchParams(query).toString()
  const goodZip = {
    reason: '방문 상담 준비',
    columns: ['phone', 'name'],
    password: PASSWORD,
    passwordConfirm: PASSWORD,
  }

  beforeEach(async () => {
    admin = await mintAdminToken()
    counsellor = await mintAdminToken('busan@example.com', new Date(), ['busan'])
    let at = START - 10 * MINUTE
    const register = createRegisterHandler({
      clock: () => (at += MINUTE),
      sites: testSites(),
      env: {REGISTER_RATE_LIMIT: '0', AUTH_SECRET: TEST_AUTH_SECRET},
      texts: {content: seedTextContent, provider: localProvider},
    })
    // Three leads of busan (the counsellor's site), two of daegu.
    for (const [name, phone, site] of [
      ['부산하나', '010-3000-0001', 'busan'],
      ['부산둘', '010-3000-0002', 'busan'],
      ['부산셋', '010-3000-0003', 'busan'],
      ['대구하나', '010-4000-0001', 'daegu'],
      ['대구둘', '010-4000-0002', 'daegu'],
    ])
      await register(jsonRequest(validBody({name, phone, site})), {ip: '10.0.0.1'})
  })
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('refuses a CSV without a purpose, with no column or an unknown one: 400 in Korean, nothing exported', async () => {
    for (const [query, field, error] of [
      [{}, 'reason', '내려받는 목적을 고르거나 입력해 주세요.'],
      [{reason: ' \u200b '}, 'reason', '내려받는 목적을 고르거나 입력해 주세요.'],
      [{reason: '가'}, 'reason', '목적은 2~200자로 입력해 주세요.'],
      [{reason: '가'.repeat(201)}, 'reason', '목적은 2~200자로 입력해 주세요.'],
      [{reason: '통계·보고', columns: ''}, 'columns', '파일에 담을 항목을 하나 이상 골라 주세요.'],
      [{reason: '통계·보고', columns: 'name,age'}, 'columns', '알 수 없는 항목입니다: age'],
    ] as const) {
      const response = await csv(asked(query))
      expect(response.status, JSON.stringify(query)).toBe(400)
      expect(await response.json()).toEqual({ok: false, error, fields: {[field]: error}})
    }
    expect(await exports()).toEqual([])
  })

  it('gives a counsellor no plain CSV: 403 in Korean, the refusal recorded, nothing exported', async () => {
    const response = await csv(asked({reason: '방문 상담 준비', columns: 'name'}), counsellor)
    expect(response.status).toBe(403)
    expect(((await response.json()) as {error: string}).error).toBe(
      '암호를 걸지 않은 CSV 파일은 관리자만 내려받을 수 있습니다. 암호를 건 ZIP 파일로 내려받아 주세요.',
    )
    expect(await exports()).toEqual([])
    expect(
      await sql()`SELECT actor, detail->>'reason' AS reason FROM audit_log WHERE action = 'refused'`,
    ).toEqual([{actor: 'busan@example.com', reason: 'plain-export'}])
  })

  it('writes only the columns chosen, in the file’s order, and records the purpose, columns, filter and count', async () => {
    const response = await csv(
      asked({site: 'busan', columns: 'phone,name', reason: ' 월간\n 보고용 명단 '}),
      admin,
      2,
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="leads-20261101.csv"; ` +
        `filename*=UTF-8''${encodeURIComponent('문의목록-20261101.csv')}`,
    )
    const text = new TextDecoder('utf-8', {ignoreBOM: true}).decode(await response.arrayBuffer())
    expect(text.split('\r\n')[0]).toBe('\uFEFF이름,연락처')
    expect(csvRecords(text)).toEqual([
      {이름: '부산셋', 연락처: '="010-3000-0003"'},
      {이름: '부산둘', 연락처: '="010-3000-0002"'},
      {이름: '부산하나', 연락처: '="010-3000-0001"'},
    ])
    expect(await exports()).toEqual([
      {
        actor: 'admin@example.com',
        detail: {
          site: 'busan',
          reason: '월간 보고용 명단',
          columns: ['name', 'phone'],
          format: 'csv',
          count: 3,
        },
      },
    ])
  })

  it('gives a counsellor an AES-256 ZIP of their site that opens only with the password (zip.js and 7-Zip)', async () => {
    const response = await zip(goodZip, counsellor, 2)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/zip')
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="leads-20261101.zip"; filename*=UTF-8''${encodeURIComponent(ZIP_NAME)}`,
    )
    const bytes = new Uint8Array(await response.arrayBuffer())
    const [entry, ...others] = await zipEntries(bytes, PASSWORD)
    expect(others).toEqual([])
    expect(entry).toMatchObject({name: '문의목록-20261101.csv', encrypted: true})
    expect(entry!.text.startsWith('\uFEFF이름,연락처\r\n')).toBe(true)
    const records = csvRecords(entry!.text)
    expect(records.map((record) => Object.keys(record))).toEqual([
      ['이름', '연락처'],
      ['이름', '연락처'],
      ['이름', '연락처'],
    ])
    expect(records.map((record) => record['이름'])).toEqual(['부산셋', '부산둘', '부산하나'])
    await expect(zipEntries(bytes, 'Lake view 2025!')).rejects.toThrow()
    await expect(zipEntries(bytes)).rejects.toThrow()

    // The standard tool a counsellor's computer has: 7-Zip.
    expect(sevenZipMethods(bytes)).toEqual(['AES-256 Deflate'])
    const opened = sevenZipExtract(bytes, PASSWORD)
    expect(opened.ok, opened.output).toBe(true)
    expect(opened.files['문의목록-20261101.csv']?.toString('utf8')).toBe(entry!.text)
    expect(sevenZipExtract(bytes, 'Lake view 2025!').ok).toBe(false)
    expect(sevenZipExtract(bytes).ok).toBe(false)

    const [row] = await exports()
    expect(row).toEqual({
      actor: 'busan@example.com',
      detail: {reason: '방문 상담 준비', columns: ['name', 'phone'], format: 'zip', count: 3},
    })
    expect(JSON.stringify(row)).not.toContain(PASSWORD)
  })

  it('refuses a weak or mismatched password, no purpose, no or an unknown column and bad filters: 400 in Korean, nothing exported', async () => {
    for (const [change, field, error] of [
      [{password: 'short1!', passwordConfirm: 'short1!'}, 'password', '파일 암호는 8~64자로'],
      [{password: 'abcdefghij', passwordConfirm: 'abcdefghij'}, 'password', '두 가지 이상'],
      [
        {password: '비밀번호12345', passwordConfirm: '비밀번호12345'},
        'password',
        '영문, 숫자, 기호로만',
      ],
      [
        {passwordConfirm: 'Lake view 2026?'},
        'passwordConfirm',
        '암호 확인이 파일 암호와 다릅니다.',
      ],
      [{password: undefined, passwordConfirm: undefined}, 'password', '파일 암호는'],
      [{reason: undefined}, 'reason', '내려받는 목적을 고르거나 입력해 주세요.'],
      [{columns: []}, 'columns', '하나 이상'],
      [{columns: 'name'}, 'columns', '하나 이상'],
      [{columns: ['name', 'birthday']}, 'columns', '알 수 없는 항목입니다: birthday'],
      [{filters: {limit: '5'}}, 'filters', '조회 조건을 확인해 주세요.'],
      [{filters: {from: '2026-13-01'}}, 'from', 'YYYY-MM-DD'],
    ] as const) {
      const response = await zip({...goodZip, ...change})
      const body = (await response.json()) as {error: string; fields: Record<string, string>}
      expect(response.status, JSON.stringify(change)).toBe(400)
      expect(body.fields[field]).toContain(error)
      expect(body.error).toMatch(/[가-힣]/)
    }
    expect(await exports()).toEqual([])
  })

  it('refuses a counsellor’s ZIP of another site (403, recorded) and filters an administrator’s', async () => {
    const other = await zip({...goodZip, filters: {site: 'daegu'}})
    expect(other.status).toBe(403)
    expect(await exports()).toEqual([])
    const daegu = await zip({...goodZip, filters: {site: 'daegu', q: '대구둘'}}, admin)
    const [entry] = await zipEntries(new Uint8Array(await daegu.arrayBuffer()), PASSWORD)
    expect(csvRecords(entry!.text)).toEqual([{이름: '대구둘', 연락처: '="010-4000-0002"'}])
    expect((await exports())[0]?.detail).toMatchObject({site: 'daegu', q: '대구둘', count: 1})
  })
})
