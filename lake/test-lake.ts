import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {createClient, type SanityClient} from '@sanity/client'
import {startLake, type RunningLake} from './server.ts'
import type {StudioSignIn} from './studio-api.ts'

export const TEST_PROJECT_ID = 'testproj'
export const TEST_TOKEN = 'sk-test-write-token'
export const TEST_ORIGIN = 'http://localhost:8888'
export const TEST_STUDIO_ORIGIN = 'http://localhost:3333'

export interface TestLake {
  lake: RunningLake
  dataDir: string
  logs: string[]
  /** A client with the write token. */
  client: SanityClient
  /** A client without a token, like a visitor's browser. */
  anonymous: SanityClient
  clientFor(options?: {
    dataset?: string
    token?: string
    perspective?: 'published' | 'drafts' | 'raw'
  }): SanityClient
  restart(): Promise<void>
  stop(): Promise<void>
}

/** A lake on a free port over a fresh temp directory, with real @sanity/client instances. */
export async function startTestLake(
  options: {
    contentDir?: string
    dataset?: string
    signIn?: StudioSignIn
    queryTimeLimitMs?: number
    imageCacheBytes?: number
  } = {},
): Promise<TestLake> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lake-test-'))
  const dataset = options.dataset ?? 'test'
  const logs: string[] = []
  const start = () =>
    startLake({
      port: 0,
      dataDir,
      contentDir: options.contentDir ?? join(dataDir, 'no-content'),
      projectId: TEST_PROJECT_ID,
      writeToken: TEST_TOKEN,
      corsOrigins: [TEST_ORIGIN],
      studioOrigins: [TEST_STUDIO_ORIGIN],
      signIn: options.signIn,
      queryTimeLimitMs: options.queryTimeLimitMs,
      imageCacheBytes: options.imageCacheBytes,
      log: (line) => logs.push(line),
    })
  let lake = await start()
  const clientFor: TestLake['clientFor'] = ({dataset: name = dataset, token, perspective} = {}) =>
    createClient({
      projectId: TEST_PROJECT_ID,
      dataset: name,
      apiHost: lake.url,
      useProjectHostname: false,
      useCdn: false,
      apiVersion: '2025-02-19',
      token,
      perspective,
    })
  return {
    get lake() {
      return lake
    },
    dataDir,
    logs,
    get client() {
      return clientFor({token: TEST_TOKEN})
    },
    get anonymous() {
      return clientFor()
    },
    clientFor,
    async restart() {
      await lake.close()
      lake = await start()
    },
    async stop() {
      await lake.close()
      rmSync(dataDir, {recursive: true, force: true})
    },
  }
}
