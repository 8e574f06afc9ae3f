import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {type FakeFormService, startFakeFormService} from '#tests/helpers/fake-form-service.ts'
import {lockProjectFor} from './project-lock.ts'
import {freePort, stopAllOnExit} from './processes.ts'
import {type Stack, type StackOptions, startStack} from './stack.ts'

export interface IsolatedStack {
  stack: Stack
  /** The fake external form-collection service every lead is forwarded to. */
  formService: FakeFormService
  stop(): Promise<void>
}

/**
 * The stack of `npm start` for the browser tests and the benchmark: free ports, a fresh
 * DATA_DIR, leads forwarded to a fake form-collection service on loopback. The stack
 * builds into build/ and runs netlify-cli in .netlify/, so one runs at a time per
 * checkout. Everything it started is stopped by `stop()`, or when the process ends.
 */
export async function startIsolatedStack(
  purpose: string,
  {
    env = {},
    onLine,
    onRebuild,
  }: {
    env?: NodeJS.ProcessEnv
    onLine?: StackOptions['onLine']
    onRebuild?: StackOptions['onRebuild']
  } = {},
): Promise<IsolatedStack> {
  stopAllOnExit()
  const unlock = await lockProjectFor(purpose)
  const dataDir = mkdtempSync(join(tmpdir(), 'stack-data-'))
  const formService = await startFakeFormService()
  const cleanUp = async () => {
    await formService.close()
    rmSync(dataDir, {recursive: true, force: true})
    unlock()
  }
  try {
    const port = await freePort()
    const stack = await startStack({
      env: {
        ...process.env,
        PORT: String(port),
        LAKE_PORT: String(await freePort()),
        DATA_DIR: dataDir,
        SITE_URL: `http://localhost:${port}`,
        FORM_FORWARD_URL: `${formService.url}/leads`,
        ...env,
      },
      onLine,
      onRebuild,
    })
    return {
      stack,
      formService,
      async stop() {
        await stack.stop()
        await cleanUp()
      },
    }
  } catch (error) {
    await cleanUp()
    throw error
  }
}
