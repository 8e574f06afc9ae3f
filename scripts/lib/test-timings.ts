/**
 * The table `npm test` closes with: the seconds of each step it ran, then the slowest test
 * files (from Vitest's JSON reports), so a run says where its time went.
 */
import {relative} from 'node:path'

export interface StepTime {
  name: string
  seconds: number
  /** Set when the step failed: the table still prints, and says which one. */
  failed?: boolean
}

export interface FileTime {
  file: string
  seconds: number
}

/** What `countReport` reads of Vitest's JSON report: each file's start and end. */
interface VitestReport {
  testResults?: {name?: string; startTime?: number; endTime?: number}[]
}

/** The test files of one Vitest JSON report with their seconds, paths relative to `root`. */
export function fileTimes(report: unknown, root: string): FileTime[] {
  const results = (report as VitestReport | null)?.testResults ?? []
  return results.flatMap(({name, startTime, endTime}) =>
    typeof name === 'string' && typeof startTime === 'number' && typeof endTime === 'number'
      ? [{file: relative(root, name), seconds: Math.max(0, endTime - startTime) / 1000}]
      : [],
  )
}

/** Steps of the same name (the type check runs two commands) add up to one line, in order. */
function mergeSteps(steps: StepTime[]): StepTime[] {
  const merged = new Map<string, StepTime>()
  for (const step of steps) {
    const seen = merged.get(step.name)
    merged.set(
      step.name,
      seen
        ? {
            name: step.name,
            seconds: seen.seconds + step.seconds,
            failed: seen.failed || step.failed,
          }
        : {...step},
    )
  }
  return [...merged.values()]
}

const seconds = (value: number) => `${value.toFixed(1)} s`

/** Left column padded to its widest name, seconds right-aligned. */
function columns(rows: [string, string][]): string[] {
  const nameWidth = Math.max(0, ...rows.map(([name]) => name.length))
  const valueWidth = Math.max(0, ...rows.map(([, value]) => value.length))
  return rows.map(([name, value]) => `${name.padEnd(nameWidth)}  ${value.padStart(valueWidth)}`)
}

export const SLOWEST_FILES = 15

/**
 * The timing table: one line per step run (`format  12.4 s`, a failed step marked), then the `SLOWEST_FILES` slowest test files, slowest first.
 */
export function timingTable(steps: StepTime[], files: FileTime[]): string {
  const stepRows = mergeSteps(steps).map((step): [string, string] => [
    step.failed ? `${step.name} (failed)` : step.name,
    seconds(step.seconds),
  ])
  const lines = ['Time per step:', ...columns(stepRows)]
  const slowest = [...files]
    .sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file))
    .slice(0, SLOWEST_FILES)
  if (slowest.length > 0) {
    lines.push(
      '',
      `Slowest test files (${slowest.length} of ${files.length}):`,
      ...columns(slowest.map((file) => [file.file, seconds(file.seconds)])),
    )
  }
  return `${lines.join('\n')}\n`
}
