/**
 * `npm test`: everything CI checks, in order, stopping at the first failure:
 * types, lint, Studio schema, generated types, unit/component/function/lake tests,
 * the Studio build, then the browser tests against the running stack.
 */
import {spawnSync} from 'node:child_process'
import {hasChromium, chromiumPath} from '../tests/e2e/chromium.ts'

interface Step {
  name: string
  command: string
  args: string[]
}

const bin = (name: string) => `node_modules/.bin/${name}`

const steps: Step[] = [
  {name: 'type check', command: bin('react-router'), args: ['typegen']},
  {name: 'type check', command: bin('tsc'), args: ['--noEmit']},
  {name: 'lint', command: bin('eslint'), args: ['.', '--max-warnings=0']},
  {name: 'Studio schema', command: bin('sanity'), args: ['schema', 'validate']},
  {name: 'generated types', command: bin('tsx'), args: ['scripts/check-typegen.ts']},
  {name: 'unit tests', command: bin('vitest'), args: ['run']},
  {name: 'Studio build', command: bin('sanity'), args: ['build', 'studio-dist', '-y']},
  {name: 'browser tests', command: bin('vitest'), args: ['run', '--config', 'tests/e2e/vitest.config.ts']},
]

function ensureChromium(): void {
  if (hasChromium()) return
  const isRoot = process.getuid?.() === 0
  if (!isRoot) {
    console.error(
      `Chromium이 없습니다 (${chromiumPath()}): 'sudo apt-get install -y chromium'으로 설치하거나 CHROME_PATH를 지정하세요.`,
    )
    process.exit(1)
  }
  console.log('Chromium이 없어 apt로 설치합니다…')
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'chromium']]) {
    const result = spawnSync('apt-get', args, {stdio: 'inherit', env: {...process.env, DEBIAN_FRONTEND: 'noninteractive'}})
    if (result.status !== 0) {
      console.error('Chromium 설치에 실패했습니다: apt-get install -y chromium 을 직접 실행해 보세요.')
      process.exit(1)
    }
  }
}

const only = process.argv.slice(2)
const started = Date.now()
for (const step of steps) {
  if (only.length > 0 && !only.includes(step.name)) continue
  if (step.name === 'browser tests') ensureChromium()
  const stepStarted = Date.now()
  console.log(`\n▶ ${step.name}: ${step.command.replace('node_modules/.bin/', '')} ${step.args.join(' ')}`)
  const result = spawnSync(step.command, step.args, {stdio: 'inherit', env: {...process.env, FORCE_COLOR: '0'}})
  const seconds = ((Date.now() - stepStarted) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.error(`\n✗ ${step.name} failed (${seconds} s)`)
    process.exit(result.status ?? 1)
  }
  console.log(`✓ ${step.name} (${seconds} s)`)
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`)
