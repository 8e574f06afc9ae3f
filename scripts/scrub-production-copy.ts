/**
 * `npm run db:scrub`: scrubs a deploy preview's or branch deploy's database of the people it
 * copied from production (netlify/functions/_shared/production-copy/scrub.ts). netlify.toml
 * runs it first in those contexts' build command; it refuses any other CONTEXT.
 *
 * A build that cannot reach the database, or whose database lacks the scrub's table (its
 * migration is applied after the build, on the first deploy that brings it), leaves the
 * deploy's functions shut (they answer 503 until a scrub is recorded) and says how to scrub
 * by hand; it does not fail, since the gate already keeps the copy from being served.
 */
import {setting} from '../config/settings.ts'
import {closeDatabase, setQueryTimeout} from '../netlify/functions/_shared/database.ts'
import {
  NotAProductionCopy,
  scrubProductionCopy,
} from '../netlify/functions/_shared/production-copy/scrub.ts'

const BY_HAND =
  'To scrub by hand: CONTEXT=deploy-preview NETLIFY_DB_URL=<the branch’s connection string ' +
  'from the database dashboard> npm run db:scrub'

function exitWith(code: number, message: string): never {
  ;(code === 0 ? console.log : console.error)(`db:scrub: ${message}`)
  process.exit(code)
}

if (!setting('NETLIFY_DB_URL')) {
  exitWith(0, `no database reachable from this build; its functions stay shut. ${BY_HAND}`)
}
// One statement over production's volume: 3.5 s for 20,000 leads on PostgreSQL, more on a
// larger copy or a waking database, and a build has minutes.
setQueryTimeout(10 * 60_000)
try {
  const counts = await scrubProductionCopy()
  const summary = Object.entries(counts)
    .map(([table, n]) => `${table} ${n}`)
    .join(', ')
  await closeDatabase()
  exitWith(0, `scrubbed (${summary})`)
} catch (error) {
  await closeDatabase()
  if (error instanceof NotAProductionCopy) exitWith(1, error.message)
  if ((error as {code?: string}).code === '42P01') {
    exitWith(
      0,
      'the database has no personal_data_scrubs table yet (its migration comes with this ' +
        `deploy); the functions stay shut until a scrub runs. ${BY_HAND}`,
    )
  }
  exitWith(1, `the scrub failed: ${error instanceof Error ? error.message : String(error)}`)
}
