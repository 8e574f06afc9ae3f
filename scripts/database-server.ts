/**
 * The local Netlify Database as a process of its own, started by the stack and by
 * `npm run studio` (scripts/lib/local-database.ts): DATA_DIR/db, migrations applied.
 */
import {readConfig} from '../config/settings.ts'
import {serveDatabase} from './lib/local-database.ts'

await serveDatabase(readConfig().dataDir).catch((error: unknown) => {
  console.error(
    `Netlify Database could not start: ${error instanceof Error ? error.message : String(error)}`,
  )
  process.exit(1)
})
