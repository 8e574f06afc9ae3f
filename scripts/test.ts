/**
 * `npm test`: everything CI checks, stopping after the first stage with a failure. The
 * checks (formatting, types, lint, Studio schema, generated types) run two at a time; then
 * the unit/component/function/lake tests; then the browser tests against the running stack,
 * whose set-up also builds the Studio that their Studio tests open.
 */
import {spawn} from 'node:child_process'
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {hasHeadlessShell, headlessShellPath} from '../tests/e2e/chromium.ts'
import {hasPostgres} from '../tests/helpers/postgres-binaries.ts'
import {hasSevenZip} from '../tests/helpers/zip-entries.ts'
import {ensureAptPackages} from './lib/apt-packages.ts'
import {fileTimes, timingTable, type FileTime, type StepTime} from './lib/test-timings.ts'

interface Command {
  command: string
  args: string[]
}

interface Step {
  name: string
  /** Run one after another: the type check generates route types, then checks them. */
  commands: Command[]
}

const bin = (name: string) => `node_modules/.bin/${name}`
const run = (name: string, ...args: string[]): Command => ({command: bin(name), args})

/**
 * Steps of one stage run at the same time, at most `parallel` at once; a stage starts only
 * when the one before has passed. The checks are independent and two of them keep both
 * cores busy. The unit tests already run files on both cores, and the browser tests keep
 * the machine to themselves.
 */
const stages: {steps: Step[]; parallel: number}[] = [
  {
    parallel: 2,
    steps: [
      // First: a formatting slip is the cheapest failure to report; `npm run format` fixes it.
      {name: 'format', commands: [run('prettier', '--check', '.')]},
      {name: 'type check', commands: [run('react-router', 'typegen'), run('tsc', '--noEmit')]},
      {name: 'lint', commands: [run('eslint', '.', '--max-warnings=0')]},
      {name: 'Studio schema', commands: [run('sanity', 'schema', 'validate')]},
      {name: 'generated types', commands: [run('tsx', 'scripts/check-typegen.ts')]},
    ],
  },
  {parallel: 1, steps: [{name: 'unit tests', commands: [run('vitest', 'run')]}]},
  {
    parallel: 1,
    steps: [
      {
        name: 'browser tests',
        commands: [run('vitest', 'run', '--config', 'tests/e2e/vitest.config.ts')],
      },
    ],
  },
]

function ensureChromium(): void {
  if (ensureAptPackages('Chromium', ['chromium-headless-shell'], hasHeadlessShell)) return
  console.error(
    `Chromium을 ${headlessShellPath()}에서 찾지 못했습니다. ` +
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

/** The unit tests open the staff's encrypted exports with 7-Zip, as a counsellor's computer does. */
function ensureSevenZip(): void {
  if (ensureAptPackages('7-Zip', ['7zip'], hasSevenZip)) return
  console.error(
    '7-Zip을 찾지 못해 단위 테스트를 실행할 수 없습니다 ' +
      '(7zz not found in /usr/bin: install the apt package `7zip`).',
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
function withReport(command: Command, report: string): string[] {
  if (!command.command.endsWith('vitest')) return command.args
  return [...command.args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]
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

const commandLine = (command: Command) =>
  `${command.command.replace('node_modules/.bin/', '')} ${command.args.join(' ')}`

/**
 * Runs one command under `heading`. The first step of a stage writes to the terminal as it
 * goes; the others are held and written whole when they end, so no two steps' lines mix.
 */
function runCommand(command: Command, args: string[], heading: string, live: boolean) {
  if (live) console.log(heading)
  return new Promise<number>((resolve) => {
    const held: Buffer[] = [Buffer.from(`${heading} (beside another step)\n`)]
    let settled = false
    const finish = (code: number) => {
      if (settled) return
      settled = true
      if (!live) process.stdout.write(Buffer.concat(held))
      resolve(code)
    }
    const child = spawn(command.command, args, {
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: {...process.env, FORCE_COLOR: '0'},
    })
    child.stdout?.on('data', (chunk: Buffer) => held.push(chunk))
    child.stderr?.on('data', (chunk: Buffer) => held.push(chunk))
    child.on('error', (error) => {
      held.push(Buffer.from(`${error.message}\n`))
      finish(1)
    })
    child.on('close', (code) => finish(code ?? 1))
  })
}

let reports = 0
/** Runs a step's commands in order; answers its exit code (0 when all passed). */
async function runStep(step: Step, live: boolean): Promise<number> {
  if (step.name === 'unit tests') {
    ensurePostgres()
    ensureSevenZip()
  }
  if (step.name === 'browser tests') ensureChromium()
  const started = Date.now()
  let code = 0
  for (const command of step.commands) {
    const report = join(reportDir, `${reports++}.json`)
    const heading = `\n▶ ${step.name}: ${commandLine(command)}`
    code = await runCommand(command, withReport(command, report), heading, live)
    if (command.command.endsWith('vitest')) countReport(report)
    if (code !== 0) break
  }
  const seconds = (Date.now() - started) / 1000
  stepTimes.push({name: step.name, seconds, failed: code !== 0})
  if (code !== 0) console.error(`\n✗ ${step.name} failed (${seconds.toFixed(1)} s)`)
  else console.log(`✓ ${step.name} (${seconds.toFixed(1)} s)`)
  return code
}

/** Runs a stage's steps, at most `parallel` at once; answers each failed step's name and code. */
async function runStage(steps: Step[], parallel: number): Promise<{name: string; code: number}[]> {
  const failures: {name: string; code: number}[] = []
  let next = 0
  await Promise.all(
    Array.from({length: Math.min(parallel, steps.length)}, async (_, lane) => {
      for (let index = next++; index < steps.length; index = next++) {
        const step = steps[index]!
        const code = await runStep(step, lane === 0 && index === 0)
        if (code !== 0) failures.push({name: step.name, code})
      }
    }),
  )
  return failures
}

const only = process.argv.slice(2)
const started = Date.now()
let failedStep: string | undefined
let exitCode = 0
for (const stage of stages) {
  const steps = stage.steps.filter((step) => only.length === 0 || only.includes(step.name))
  if (steps.length === 0) continue
  const [failure] = await runStage(steps, stage.parallel)
  if (failure) {
    failedStep = failure.name
    exitCode = failure.code
    break
  }
}
rmSync(reportDir, {recursive: true, force: true})
// In the order the steps are declared, whichever finished first.
const declared = stages.flatMap((stage) => stage.steps.map((step) => step.name))
stepTimes.sort((a, b) => declared.indexOf(a.name) - declared.indexOf(b.name))
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
