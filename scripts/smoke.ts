/**
 * `npm run smoke -- https://the-site`: checks a deployed site without writing personal
 * data (every sitemap page and its headers, the functions, the health endpoint, the
 * content's API), prints a table, and exits 1 listing the failures.
 */
import {existsSync} from 'node:fs'
import {join} from 'node:path'
import {readConfig} from '../config/settings.ts'
import {healthAuthFromEnv} from './lib/smoke/health.ts'
import {smokeTable, smokeVerdict} from './lib/smoke/report.ts'
import {runSmoke} from './lib/smoke/run.ts'

if (existsSync('.env')) process.loadEnvFile('.env')

const address = process.argv[2]
if (!address || !URL.canParse(address) || !/^https?:$/.test(new URL(address).protocol)) {
  console.error('Usage: npm run smoke -- https://the-site')
  process.exit(2)
}

const checks = await runSmoke({
  base: new URL(address).origin,
  content: readConfig(),
  health: healthAuthFromEnv(process.env),
  netlifyConfigPath: join(import.meta.dirname, '../netlify.toml'),
})
console.log(smokeTable(checks))
const verdict = smokeVerdict(checks)
if (verdict.exitCode === 0) console.log(`\n${verdict.summary}`)
else console.error(`\n${verdict.summary}`)
process.exit(verdict.exitCode)
