import {describe, expect, it} from 'vitest'
import type {JobHealth} from '#shared/operations/health.ts'
import {ageText, durationText, incidentTitle, jobState, sizeText} from './operations-labels.ts'

const NOW = Date.parse('2026-11-30T10:00:00Z')
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString()

const job = (figures: Partial<JobHealth>): JobHealth => ({
  name: 'deliver-leads',
  label: '문의 전달 재시도',
  schedule: '*/5 * * * *',
  every: '5분마다',
  lastRunAt: ago(3),
  lastDurationMs: 420,
  did: '할 일 없음',
  lastOk: true,
  late: false,
  readAt: ago(0),
  ...figures,
})

describe('the health page’s words', () => {
  it('size the database in binary units', () => {
    expect(sizeText(512)).toBe('512 B')
    expect(sizeText(48 * 1024)).toBe('48.0 KB')
    expect(sizeText(312.5 * 1024 * 1024)).toBe('313 MB')
    expect(sizeText(1.4 * 1024 ** 3)).toBe('1.4 GB')
  })

  it('age a figure in minutes, hours and days', () => {
    expect(ageText(ago(0), NOW)).toBe('1분 미만')
    expect(ageText(ago(35), NOW)).toBe('35분')
    expect(ageText(ago(185), NOW)).toBe('3시간 5분')
    expect(ageText(ago(120), NOW)).toBe('2시간')
    expect(ageText(ago(2 * 24 * 60 + 4 * 60), NOW)).toBe('2일 4시간')
  })

  it('time a run', () => {
    expect(durationText(420)).toBe('0.4초')
    expect(durationText(12_300)).toBe('12초')
    expect(durationText(65_000)).toBe('1분 5초')
  })

  it('put a late job before a failed one, and a job without runs apart', () => {
    expect(jobState(job({late: true, lastOk: false}))).toBe('late')
    expect(jobState(job({lastOk: false}))).toBe('failed')
    expect(jobState(job({}))).toBe('ok')
    expect(jobState(job({lastRunAt: null, lastOk: null}))).toBe('unknown')
  })

  it('name an incident by what went wrong, a late job by its label', () => {
    const opened = {subject: '', openedAt: ago(10), detail: '', told: '문자 1건'}
    expect(incidentTitle({...opened, kind: 'texts'})).toBe('문자 발송 실패')
    expect(incidentTitle({...opened, kind: 'forwarding'})).toBe('문의 전달 실패')
    expect(incidentTitle({...opened, kind: 'job', subject: 'deliver-leads'}, [job({})])).toBe(
      '예약 작업 지연: 문의 전달 재시도',
    )
  })
})
