import {rmSync} from 'node:fs'
import {join} from 'node:path'
import {readConfig} from '../config/defaults.ts'
import {loadLocalSecrets} from '../config/local-secrets.ts'
import {Datasets} from './datasets.ts'
import {startLake} from './server.ts'

/**
 * `npm run lake`: the local Content Lake on LAKE_PORT, seeded from content/ on first start.
 * `npm run lake:reset` (`--reset-only`): wipe the stored datasets, seed SANITY_DATASET again, exit.
 */
const config = readConfig()
const contentDir = 'content'
const log = (line: string) => console.log(line)

if (process.argv.includes('--reset-only')) {
  rmSync(join(config.dataDir, 'lake'), {recursive: true, force: true})
  const datasets = new Datasets({
    dataDir: config.dataDir,
    contentDir,
    projectId: config.projectId,
    baseUrl: `http://127.0.0.1:${config.lakePort}`,
    log,
  })
  await datasets.get(config.dataset)
  await datasets.close()
  log(`Content Lake data in ${join(config.dataDir, 'lake')} reset from ${contentDir}/`)
} else {
  const writeToken = config.writeToken ?? loadLocalSecrets(config.dataDir).writeToken
  const corsOrigins = process.env.LAKE_CORS_ORIGINS
    ? process.env.LAKE_CORS_ORIGINS.split(',').map((origin) => origin.trim()).filter(Boolean)
    : [new URL(config.siteUrl).origin, 'http://localhost:3333']
  const lake = await startLake({
    port: config.lakePort,
    dataDir: config.dataDir,
    contentDir,
    datasets: [config.dataset],
    projectId: config.projectId,
    writeToken,
    corsOrigins,
    log,
  }).catch((error: unknown) => {
    console.error(`Content Lake could not start: ${(error as Error).message}`)
    process.exit(1)
  })
  log(`Content Lake listening on ${lake.url}`)
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    log(`Content Lake stopping (${signal})`)
    lake.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}
