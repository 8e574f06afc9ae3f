// @vitest-environment jsdom
import {render, screen, within} from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import {describe, expect, it, vi} from 'vitest'
import type {Health, JobHealth} from '#shared/operations/health.ts'
import {signedInFetch} from '#tests/helpers/signed-in-fetch.ts'
import {IncidentBanner} from './IncidentBanner.tsx'
import {OperationsHealth} from './OperationsHealth.tsx'

const fetchMock = signedInFetch()

const READ = '2026-11-30T01:00:00.000Z'
const minutesBefore = (minutes: number) =>
  new Date(Date.parse(READ) - minutes * 60_000).toISOString()

const job = (name: string, label: string, figures: Partial<JobHealth> = {}): JobHealth => ({
  name,
  label,
  schedule: '*/5 * * * *',
  every: '5분마다',
  lastRunAt: minutesBefore(2),
  lastDurationMs: 420,
  did: '할 일 없음',
  lastOk: true,
  late: false,
  readAt: READ,
  ...figures,
})

const INCIDENT = {
  kind: 'job' as const,
  subject: 'deliver-leads',
  openedAt: minutesBefore(5),
  detail: "예약 작업 '문의 전달 재시도'(5분마다)가 16분째 실행되지 않았습니다.",
  told: '문자 1건',
}

const HEALTH: Omit<Health, 'ok'> = {
  readAt: READ,
  jobs: [
    job('send-texts', '문자 발송', {every: '매분', did: '처리 대상 3, 발송 3'}),
    job('deliver-leads', '문의 전달 재시도', {late: true, lastRunAt: minutesBefore(21)}),
    job('no-shows', '노쇼 기록', {lastOk: false, did: 'HTTP 503: 일시적인 장애'}),
    job('destroy-expired', '보관 기간 지난 개인정보 파기', {lastRunAt: null, lastOk: null}),
  ],
  texts: {
    queued: 2,
    sent: 40,
    kept: 0,
    failed: 5,
    lastError: {
      words: '문자 서비스의 잔액이 부족합니다. SOLAPI 계정에 충전해 주세요.',
      raw: 'HTTP 402 NotEnoughBalance',
      at: minutesBefore(1),
    },
    readAt: READ,
  },
  forwarding: {
    waiting: 1,
    oldestAt: minutesBefore(35),
    configured: true,
    failing: 0,
    lastError: null,
    readAt: READ,
  },
  sites: [
    {
      site: 'daegu',
      leads: 12,
      texts: {queued: 2, sent: 40, kept: 0, failed: 5},
      forwarding: {waiting: 1, oldestAt: minutesBefore(35)},
    },
  ],
  database: {sizeBytes: 25 * 1024 * 1024, accessRecords: 320, leads: 12, readAt: READ},
  incidents: [INCIDENT],
  publishing: {
    lastPublishAt: '2026-11-30T00:58:00.000Z',
    lastBuildAt: '2026-11-30T00:58:01.000Z',
    building: true,
    followUpPending: true,
    readAt: '2026-11-30T01:00:00.000Z',
  },
}

describe('운영 상태', () => {
  it('marks a late job and a failed run in words, not colour alone, with every figure', async () => {
    fetchMock.mockResolvedValue(Response.json({ok: true, ...HEALTH}))
    render(<OperationsHealth sites={[{slug: 'daegu', name: '솔담 레이크파크'}]} />)
    const jobs = await screen.findByRole('region', {name: '예약 작업'})
    const row = (label: string) => within(jobs).getByRole('row', {name: new RegExp(`^${label}`)})
    expect(within(row('문의 전달 재시도')).getByText('늦어짐').textContent).toBe('⚠ 늦어짐')
    expect(within(row('노쇼 기록')).getByText('지난 실행 실패').textContent).toBe(
      '⚠ 지난 실행 실패',
    )
    expect(within(row('문자 발송')).getByText('정상')).toBeTruthy()
    expect(within(row('문자 발송')).getByText('처리 대상 3, 발송 3')).toBeTruthy()
    expect(within(row('보관 기간 지난 개인정보 파기')).getByText('실행 기록 없음')).toBeTruthy()
    expect(within(row('문의 전달 재시도')).getByText(/\(21분 전\)$/)).toBeTruthy()

    const incidents = screen.getByRole('region', {name: '해결되지 않은 문제'})
    expect(within(incidents).getByText('예약 작업 지연: 문의 전달 재시도')).toBeTruthy()
    expect(within(incidents).getByText(/\(5분째\) · 알림: 문자 1건$/)).toBeTruthy()

    const texts = screen.getByRole('region', {name: '문자 (최근 24시간)'})
    expect(within(texts).getByText('실패').textContent).toBe('⚠ 실패')
    expect(within(texts).getByText(/잔액이 부족합니다/)).toBeTruthy()
    const forwarding = screen.getByRole('region', {name: '문의 전달'})
    expect(within(forwarding).getByText('35분')).toBeTruthy()
    expect(
      within(screen.getByRole('region', {name: '현장별 현황'})).getByText('솔담 레이크파크'),
    ).toBeTruthy()
    expect(
      within(screen.getByRole('region', {name: '데이터베이스'})).getByText('25.0 MB'),
    ).toBeTruthy()
    const publishing = screen.getByRole('region', {name: '게시와 사이트 빌드'})
    expect(within(publishing).getByText('빌드 중')).toBeTruthy()
    expect(within(publishing).getByText(/^있음/)).toBeTruthy()
  })

  it('says so when the publishes could not be read', async () => {
    fetchMock.mockResolvedValue(Response.json({ok: true, ...HEALTH, publishing: null}))
    render(<OperationsHealth sites={[]} />)
    const publishing = await screen.findByRole('region', {name: '게시와 사이트 빌드'})
    expect(within(publishing).getByText(/게시 상태를 읽지 못했습니다/)).toBeTruthy()
  })

  it('heads every view with the open incidents, and opens 운영 상태 from them', async () => {
    fetchMock.mockResolvedValue(Response.json({ok: true, incidents: [INCIDENT], readAt: READ}))
    const onOpen = vi.fn()
    render(<IncidentBanner view="dashboard" onOpen={onOpen} />)
    const banner = await screen.findByRole('region', {
      name: '운영 문제 1건이 해결되지 않았습니다',
    })
    expect(within(banner).getByRole('listitem').textContent).toContain(INCIDENT.detail)
    await userEvent.click(within(banner).getByRole('button', {name: '운영 상태 열기'}))
    expect(onOpen).toHaveBeenCalled()
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/incidents', expect.anything())
  })

  it('shows no banner while nothing is wrong', async () => {
    fetchMock.mockResolvedValue(Response.json({ok: true, incidents: [], readAt: READ}))
    const {container} = render(<IncidentBanner view="dashboard" onOpen={() => {}} />)
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled())
    expect(container.textContent).toBe('')
  })
})
