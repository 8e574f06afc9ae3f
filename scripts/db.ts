/**
 * `npm run db`: a SQL prompt on the local Netlify Database of DATA_DIR (the one `npm start`
 * runs, or the data opened here when nothing runs). `npm run db -- --query "SELECT …"`
 * runs the SQL given and prints the result. `npm run db:reset` (`--reset`) deletes the
 * local database and creates it again with the migrations applied.
 */
import {existsSync} from 'node:fs'
import {createInterface} from 'node:readline'
import pg from 'pg'
import {readConfig} from '../config/settings.ts'
import {
  claimDataDir,
  databaseDir,
  dataDirInUse,
  openDatabase,
  runningDatabase,
  wipeDatabase,
} from './lib/local-database.ts'

if (existsSync('.env')) process.loadEnvFile('.env')
const {dataDir} = readConfig()
const args = process.argv.slice(2)

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

async function reset(): Promise<void> {
  if (dataDirInUse(dataDir))
    fail(
      `${databaseDir(dataDir)}의 데이터베이스가 사용 중입니다. ` +
        'npm start, npm run dev, npm run studio를 먼저 멈춰 주세요.',
    )
  wipeDatabase(dataDir)
  const opened = await openDatabase({directory: databaseDir(dataDir)})
  await opened.stop()
  console.log(
    `${databaseDir(dataDir)}의 데이터베이스를 비우고 ` +
      `마이그레이션을 다시 적용했습니다: ${opened.applied.join(', ')}`,
  )
}

/** The running database's connection, or the data opened in this process (closed by `close`). */
async function connect(): Promise<{url: string; close(): Promise<void>}> {
  const running = await runningDatabase(dataDir)
  if (running) return {url: running, close: async () => {}}
  if (dataDirInUse(dataDir))
    fail(`${databaseDir(dataDir)}의 데이터베이스를 연 프로세스가 응답하지 않습니다.`)
  const opened = await openDatabase({directory: databaseDir(dataDir)})
  const release = claimDataDir(dataDir, opened.url)
  return {
    url: opened.url,
    async close() {
      await opened.stop()
      release()
    },
  }
}

function print(result: pg.QueryResult): void {
  if (result.rows.length > 0)
    console.table(
      result.rows.map((row: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(row).map(([key, value]) => [
            key,
            value instanceof Date ? value.toISOString() : value,
          ]),
        ),
      ),
    )
  console.log(`${result.command ?? ''} ${result.rowCount ?? result.rows.length}`.trim())
}

async function run(client: pg.Client, text: string): Promise<void> {
  const results = (await client.query(text)) as pg.QueryResult | pg.QueryResult[]
  for (const result of Array.isArray(results) ? results : [results]) print(result)
}

const TABLES =
  'SELECT table_name AS "table" FROM information_schema.tables ' +
  `WHERE table_schema = 'public' ORDER BY 1`

async function prompt(client: pg.Client): Promise<void> {
  console.log(
    `Netlify Database (${databaseDir(dataDir)}). SQL은 ;로 끝내 주세요. \\dt 표 목록, \\q 끝내기.`,
  )
  const lines = createInterface({input: process.stdin, output: process.stdout, prompt: 'db> '})
  let buffer = ''
  lines.prompt()
  for await (const line of lines) {
    const command = line.trim()
    if (!buffer && command === '\\q') break
    if (!buffer && command === '\\dt') await run(client, TABLES)
    else {
      buffer += `${line}\n`
      if (command.endsWith(';')) {
        await run(client, buffer).catch((error: unknown) =>
          console.error(`오류: ${(error as Error).message}`),
        )
        buffer = ''
      }
    }
    lines.setPrompt(buffer ? '...> ' : 'db> ')
    lines.prompt()
  }
  lines.close()
}

if (args.includes('--reset')) {
  await reset()
} else {
  const queryIndex = args.indexOf('--query')
  const query = queryIndex >= 0 ? args[queryIndex + 1] : undefined
  if (queryIndex >= 0 && !query) fail('사용법: npm run db -- --query "SELECT …"')
  const database = await connect()
  const client = new pg.Client({connectionString: database.url})
  await client.connect()
  try {
    if (query) await run(client, query)
    else await prompt(client)
  } catch (error) {
    console.error(`오류: ${(error as Error).message}`)
    process.exitCode = 1
  } finally {
    await client.end()
    await database.close()
  }
}
