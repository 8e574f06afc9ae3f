import {describe, expect, it} from 'vitest'
import {ALL_COLUMNS, csvHead, csvRows, type CsvContext} from './csv.ts'
import type {Lead} from '#shared/leads/lead.ts'
import {parseCsv} from '#tests/helpers/csv-records.ts'

const lead = (extra: Partial<Lead> = {}): Lead => ({
  id: 'id-1',
  receipt: 'R-20261121-7KQ2',
  createdAt: '2026-11-21T15:05:00.000Z',
  name: '홍길동',
  phone: '010-1234-5678',
  consent: true,
  marketingConsent: false,
  source: 'popup',
  site: 'daegu',
  attribution: {},
  delivery: {status: 'delivered', attempts: 1},
  stage: 'new',
  repeats: 0,
  ...extra,
})

/** A whole file, as the streamed download writes it in parts. */
function leadsCsv(leads: readonly Lead[], context?: CsvContext, columns = ALL_COLUMNS): string {
  return csvHead(columns) + csvRows(leads, columns, context)
}

describe('the leads CSV', () => {
  it('starts with a UTF-8 byte-order mark and Korean headers, and ends rows with CRLF', () => {
    const csv = leadsCsv([lead()])
    expect(csv.startsWith('\uFEFF접수번호,접수일시,현장,경로,상태,담당자,이름,연락처,')).toBe(true)
    expect(csv.endsWith('\r\n')).toBe(true)
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
  })

  it('carries the booked visit time in Seoul time and its status', () => {
    const [header, booked, none, held] = parseCsv(
      leadsCsv([
        lead({visit: {start: '2026-11-27T10:30:00+09:00', status: 'cancelled'}}),
        lead(),
        lead({visitRefused: 'existing-visit'}),
      ]).slice(1),
    )
    const cell = (row: string[] | undefined, name: string) => row![header!.indexOf(name)]
    expect(cell(booked, '방문 예약 일시')).toBe('2026-11-27 10:30')
    expect(cell(booked, '방문 예약 상태')).toBe('취소')
    expect(cell(none, '방문 예약 일시')).toBe('')
    expect(cell(held, '방문 예약 일시')).toBe('')
    expect(cell(held, '방문 예약 상태')).toBe(
      '방문 예약 안 함(같은 번호의 예약이 이미 있음, 그 예약 링크를 다시 보냄)',
    )
  })

  it('writes one row per lead with Seoul time, labels and the phone number as text', () => {
    const [header, row] = parseCsv(
      leadsCsv([lead({stage: 'no-show', owner: 'kim@example.com'})]).slice(1),
    )
    const cells = Object.fromEntries(header!.map((name, i) => [name, row![i]]))
    expect(cells).toMatchObject({
      접수번호: 'R-20261121-7KQ2',
      접수일시: '2026-11-22 00:05',
      현장: 'daegu',
      경로: '팝업',
      상태: '노쇼',
      담당자: 'kim@example.com',
      이름: '홍길동',
      연락처: '="010-1234-5678"',
      '개인정보 수집·이용 동의': '동의',
      '마케팅 수신 동의': '미동의',
      '전달 상태': '전달 완료',
      '전달 시도': '1',
    })
  })

  it('tells a ticked marketing consent from one the number’s owner confirmed', () => {
    const consentOf = (extra: Partial<Lead>) => {
      const [header, row] = parseCsv(leadsCsv([lead(extra)]).slice(1))
      return row![header!.indexOf('마케팅 수신 동의')]
    }
    expect(consentOf({marketingConsent: true})).toBe('동의(본인 확인 전)')
    expect(
      consentOf({marketingConsent: true, marketingConfirmedAt: '2026-11-21T15:10:00.000Z'}),
    ).toBe('동의')
  })

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    const message = '84A, 84B 둘 다\n"급매" 문의'
    const csv = leadsCsv([lead({message})])
    expect(csv).toContain('"84A, 84B 둘 다\n""급매"" 문의"')
    expect(parseCsv(csv.slice(1))[1]).toContain(message)
  })

  it.each(['=HYPERLINK("http://evil","x")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd'])(
    'neutralizes a cell starting like a formula: %s',
    (name) => {
      const attribution = {
        utmSource: name,
        utmMedium: name,
        utmCampaign: name,
        utmTerm: name,
        utmContent: name,
        landingPath: name,
      }
      const [, row] = parseCsv(
        leadsCsv([lead({name, message: name, attribution})], {
          siteNames: new Map(),
          notes: new Map([['id-1', [{at: '2026-11-21T15:10:00.000Z', text: 'x'}]]]),
        }).slice(1),
      )
      expect(row!.filter((cell) => cell === `'${name}`)).toHaveLength(8)
    },
  )

  it('gives the attribution and the consent version columns of their own', () => {
    const attribution = {
      utmSource: 'naver',
      utmMedium: 'cpc',
      utmCampaign: '가을 분양',
      utmTerm: '대구, 아파트',
      utmContent: 'a',
      landingPath: '/FloorPlan/84A',
      referrerHost: 'search.naver.com',
    }
    const [header, row] = parseCsv(
      leadsCsv([lead({attribution, consentVersion: '2026-11-20T09:15:00Z'})]).slice(1),
    )
    expect(Object.fromEntries(header!.map((name, i) => [name, row![i]]))).toMatchObject({
      '동의한 안내문 버전': '2026-11-20T09:15:00Z',
      '유입 매체(utm_source)': 'naver',
      '유입 방식(utm_medium)': 'cpc',
      '캠페인(utm_campaign)': '가을 분양',
      '키워드(utm_term)': '대구, 아파트',
      '광고 소재(utm_content)': 'a',
      '첫 방문 페이지': '/FloorPlan/84A',
      '이전 사이트': 'search.naver.com',
    })
  })

  it('names sites by their names and keeps no column a form never fills', () => {
    const [header, row] = parseCsv(
      leadsCsv([{...lead(), email: 'a@example.com', visitDate: '2026-12-01'} as Lead], {
        siteNames: new Map([['daegu', '솔담 레이크파크 대구']]),
        notes: new Map(),
      }).slice(1),
    )
    expect(header).not.toContain('방문희망일')
    expect(header).not.toContain('이메일')
    expect(row![header!.indexOf('현장')]).toBe('솔담 레이크파크 대구')
    expect(row).not.toContain('a@example.com')
    // A site the lake does not name is written as its slug.
    const [, unnamed] = parseCsv(leadsCsv([lead({site: 'old-site'})]).slice(1))
    expect(unnamed![header!.indexOf('현장')]).toBe('old-site')
  })

  it('carries the last contact, a pending call back and every note in one cell, oldest first', () => {
    const context: CsvContext = {
      siteNames: new Map(),
      notes: new Map([
        [
          'id-1',
          [
            {at: '2026-11-21T15:10:00.000Z', text: '오후에 다시 연락'},
            {at: '2026-11-22T01:00:00.000Z', text: '84A 관심, "급매" 문의'},
          ],
        ],
      ]),
    }
    const [header, row, other] = parseCsv(
      leadsCsv(
        [
          lead({
            lastContactAt: '2026-11-22T01:00:00.000Z',
            callbackAt: '2026-11-23T05:30:00.000Z',
          }),
          lead({id: 'id-2'}),
        ],
        context,
      ).slice(1),
    )
    const cell = (cells: string[] | undefined, name: string) => cells![header!.indexOf(name)]
    expect(cell(row, '마지막 연락')).toBe('2026-11-22 10:00')
    expect(cell(row, '재통화 예정')).toBe('2026-11-23 14:30')
    expect(cell(row, '메모')).toBe(
      '2026-11-22 00:10 오후에 다시 연락\n2026-11-22 10:00 84A 관심, "급매" 문의',
    )
    expect([cell(other, '마지막 연락'), cell(other, '메모')]).toEqual(['', ''])
  })
})
