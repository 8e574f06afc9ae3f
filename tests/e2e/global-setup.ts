import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import type {TestProject} from 'vitest/node'
import {lockProjectFor} from '../../scripts/lib/project-lock.ts'
import {freePort, stopAllOnExit} from '../../scripts/lib/processes.ts'
import {startStack} from '../../scripts/lib/stack.ts'
import {startFakeFormService} from '../helpers/fake-form-service.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    lakeUrl: string
    formServiceUrl: string
    adminEmail: string
    adminPassword: string
    writeToken: string
    /** The built site being served (build/client of this run's own build folder). */
    clientDir: string
    /** Values only the functions may hold: the write token, the auth secret, admin hashes. */
    serverSecrets: string[]
  }
}

/**
 * Starts the same stack as `npm start`, on free ports with a fresh DATA_DIR, plus the
 * fake external form-collection service, and stops all of it afterwards (also when a
 * test fails or the run is interrupted).
 */
export default async function setup(project: TestProject) {
  stopAllOnExit()
  // The stack builds into build/ and runs netlify-cli in .netlify/: one run at a time.
  const unlock = await lockProjectFor('browser tests')
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'))
  const formService = await startFakeFormService()
  const port = await freePort()
  const started = Date.now()
  const stack = await startStack({
    env: {
      ...process.env,
      PORT: String(port),
      LAKE_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      SITE_URL: `http://localhost:${port}`,
      FORM_FORWARD_URL: `${formService.url}/leads`,
      // Every browser test comes from 127.0.0.1: the per-visitor limits have their own tests.
      REGISTER_RATE_LIMIT: '0',
      RETRY_INTERVAL_S: '2',
    },
    onLine: (source, line) => {
      if (process.env.E2E_VERBOSE || /error/i.test(line)) console.log(`[${source}] ${line}`)
    },
  })
  console.log(`stack ready at ${stack.siteUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s`)

  project.provide('baseUrl', stack.siteUrl)
  project.provide('lakeUrl', stack.lakeUrl)
  project.provide('formServiceUrl', formService.url)
  project.provide('adminEmail', stack.admin.email)
  project.provide('adminPassword', stack.admin.password)
  project.provide('clientDir', stack.clientDir)
  project.provide('writeToken', stack.env.SANITY_WRITE_TOKEN ?? '')
  project.provide('serverSecrets', [
    stack.env.SANITY_WRITE_TOKEN ?? '',
    stack.env.AUTH_SECRET ?? '',
    ...(stack.env.ADMIN_USERS ?? '').split(',').map((pair) => pair.slice(pair.indexOf(':') + 1)),
  ])

  return async () => {
    await stack.stop()
    await formService.close()
    rmSync(dataDir, {recursive: true, force: true})
    unlock()
  }
}
