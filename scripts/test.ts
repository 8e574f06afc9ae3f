/**
 * `npm test`: everything CI checks, in order, stopping at the first failure:
 * formatting, types, lint, Studio schema, generated types, unit/component/function/lake tests,
 * the Studio build, then the browser tests against the running stack.
 */
import {spawnSync} from 'node:child_process'
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {hasChromium, chromiumPath} from '../tests/e2e/chromium.ts'
import {hasPostgres} from '../tests/helpers/postgres-binaries.ts'
import {ensureAptPackages} from './lib/apt-packages.ts'
import {fileTimes, timingTable, type FileTime, type StepTime} from './lib/test-timings.ts'

interface Step {
  name: string
  command: string
  args: string[]
}

const bin = (name: string) => `node_modules/.bin/${name}`

const steps: Step[] = [
  // First: a formatting slip is the cheapest failure to report, and `npm run format` fixes it.
  {name: 'format', command: bin('prettier'), args: ['--check', '.']},
  {name: 'type check', command: bin('react-router'), args: ['typegen']},
  {name: 'type check', command: bin('tsc'), args: ['--noEmit']},
  {name: 'lint', command: bin('eslint'), args: ['.', '--max-warnings=0']},
  {name: 'Studio schema', command: bin('sanity'), args: ['schema', 'validate']},
  {name: 'generated types', command: bin('tsx'), args: ['scripts/check-typegen.ts']},
  {name: 'unit tests', command: bin('vitest'), args: ['run']},
  {name: 'Studio build', command: bin('sanity'), args: ['build', 'studio-dist', '-y']},
  {
    name: 'browser tests',
    command: bin('vitest'),
    args: ['run', '--config', 'tests/e2e/vitest.config.ts'],
  },
]

function ensureChromium(): void {
  if (ensureAptPackages('Chromium', ['chromium'], hasChromium)) return
  console.error(
    `Chromium을 ${chromiumPath()}에서 찾지 못했습니다. ` +
      '다른 곳에 설치했다면 CHROME_PATH로 알려 주세요.',
  )
  process.exit(1)
}

/** The unit tests prove concurrent statements on a real PostgreSQL server too. */
function ensurePostgres(): void {
  if (ensureAptPackages('PostgreSQL', ['postgresql'], hasPostgres)) return
  console.error(
    'PostgreSQL 서버를 찾지 못해 단위 테스트를 실행할 수 없습니다 ' +
      '(PostgreSQL not found in /usr/lib/postgresql: install the apt package `postgresql`).',
  )
  process.exit(1)
}

const totals = {passed: 0, failed: 0, skipped: 0}
const stepTimes: StepTime[] = []
const testFileTimes: FileTime[] = []
/** The timing table is also kept here (git-ignored), to compare runs. */
const TIMINGS_FILE = 'test-results/timings.txt'
const reportDir = mkdtempSync(join(tmpdir(), 'npm-test-'))

/** Vitest also writes a JSON report, so the run can close with one count of all tests. */
function withReport(step: Step, index: number): {args: string[]; report?: string} {
  if (!step.command.endsWith('vitest')) return {args: step.args}
  const report = join(reportDir, `${index}.json`)
  return {
    args: [...step.args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    report,
  }
}

function countReport(report: string): void {
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as Record<string, number>
    testFileTimes.push(...fileTimes(json, process.cwd()))
    totals.passed += json.numPassedTests ?? 0
    totals.failed += json.numFailedTests ?? 0
    totals.skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0)
  } catch {
    // No report: the step failed before running tests, and says why above.
  }
}

const only = process.argv.slice(2)
const started = Date.now()
let failedStep: string | undefined
let exitCode = 0
for (const [index, step] of steps.entries()) {
  if (only.length > 0 && !only.includes(step.name)) continue
  if (step.name === 'unit tests') ensurePostgres()
  if (step.name === 'browser tests') ensureChromium()
  const stepStarted = Date.now()
  const {args, report} = withReport(step, index)
  console.log(
    `\n▶ ${step.name}: ${step.command.replace('node_modules/.bin/', '')} ${step.args.join(' ')}`,
  )
  const result = spawnSync(step.command, args, {
    stdio: 'inherit',
    env: {...process.env, FORCE_COLOR: '0'},
  })
  if (report) countReport(report)
  const elapsed = (Date.now() - stepStarted) / 1000
  const seconds = elapsed.toFixed(1)
  stepTimes.push({name: step.name, seconds: elapsed, failed: result.status !== 0})
  if (result.status !== 0) {
    failedStep = step.name
    exitCode = result.status ?? 1
    console.error(`\n✗ ${step.name} failed (${seconds} s)`)
    break
  }
  console.log(`✓ ${step.name} (${seconds} s)`)
}
rmSync(reportDir, {recursive: true, force: true})
const table = timingTable(stepTimes, testFileTimes)
console.log(`\n${table.trimEnd()}`)
mkdirSync('test-results', {recursive: true})
writeFileSync(TIMINGS_FILE, table)
const minutes = ((Date.now() - started) / 60_000).toFixed(1)
console.log(
  failedStep
    ? `\nStopped at "${failedStep}" after ${minutes} min`
    : `\nAll checks passed in ${minutes} min`,
)
if (failedStep && totals.failed === 0) totals.failed = 1
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(exitCode)
