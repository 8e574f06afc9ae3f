import {readdirSync, readFileSync} from 'node:fs'
import type {Config} from '@netlify/functions'
import {describe, expect, it} from 'vitest'
import {isLate, LATE_AFTER_MS, SCHEDULED_JOBS, scheduledJob} from './jobs.ts'

const FUNCTIONS_DIR = new URL('../../', import.meta.url)
const MINUTE = 60_000

describe('the scheduled jobs the health page knows', () => {
  it('are every scheduled function, each with its schedule, and each records its runs', async () => {
    const scheduled: Record<string, string> = {}
    for (const file of readdirSync(FUNCTIONS_DIR).filter((name) => name.endsWith('.mts'))) {
      const module = (await import(new URL(file, FUNCTIONS_DIR).href)) as {config?: Config}
      const schedule = module.config?.schedule
      if (typeof schedule !== 'string') continue
      const name = file.replace(/\.mts$/, '')
      scheduled[name] = schedule
      const source = readFileSync(new URL(file, FUNCTIONS_DIR), 'utf8')
      expect(source, name).toContain(`recordsRun('${name}', `)
    }
    expect(Object.fromEntries(SCHEDULED_JOBS.map((job) => [job.name, job.schedule]))).toEqual(
      scheduled,
    )
  })

  it('are late once no run started within their interval and 10 minutes more', () => {
    const texts = scheduledJob('send-texts')!
    const daily = scheduledJob('destroy-expired')!
    const now = Date.parse('2026-11-30T10:00:00Z')
    expect(LATE_AFTER_MS).toBe(10 * MINUTE)
    expect(isLate(texts, now - 11 * MINUTE, now)).toBe(false)
    expect(isLate(texts, now - 11 * MINUTE - 1, now)).toBe(true)
    expect(isLate(daily, now - 24 * 60 * MINUTE, now)).toBe(false)
    expect(isLate(daily, now - 24 * 60 * MINUTE - 11 * MINUTE, now)).toBe(true)
  })

  it('are not late before their first recorded run', () => {
    expect(isLate(scheduledJob('send-texts')!, null, Date.now())).toBe(false)
  })
})
