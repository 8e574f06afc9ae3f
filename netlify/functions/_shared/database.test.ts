import {createServer, type Socket} from 'node:net'
import type {AddressInfo} from 'node:net'
import {getDatabase} from '@netlify/database'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

/*
 * `sql()` sets its timeouts on the pool `@netlify/database` opens, through `pool.options`:
 * neither package offers another way (docs/decisions/008-other-packages-internals.md).
 * These fail, naming what changed, when an upgrade moves either.
 */

const sockets = new Set<Socket>()
const silent = createServer((socket) => sockets.add(socket))
let silentUrl = ''

beforeAll(async () => {
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  silentUrl = `postgres://postgres@127.0.0.1:${(silent.address() as AddressInfo).port}/postgres`
})
afterAll(() => {
  for (const socket of sockets) socket.destroy()
  silent.close()
})

describe("@netlify/database's pool, as sql() configures it", () => {
  it('is a pg pool without NETLIFY_DB_DRIVER=serverless', () => {
    const connection = getDatabase({connectionString: silentUrl})
    expect(connection.driver, '@netlify/database no longer opens a pg pool').toBe('server')
    expect(
      typeof connection.pool.options,
      'pg.Pool no longer keeps its settings in `options`',
    ).toBe('object')
  })

  it('reads the timeout set on `pool.options` after it was opened', async () => {
    const connection = getDatabase({connectionString: silentUrl})
    if (connection.driver !== 'server') throw new Error('@netlify/database opened no pg pool')
    connection.pool.options.connectionTimeoutMillis = 300
    const started = Date.now()
    await expect(connection.pool.query('SELECT 1')).rejects.toThrow(/timeout/i)
    // The silent server never answers: without the timeout the query waits forever. The
    // bound is 30 times the timeout, so that only that, not a busy machine, breaks it.
    expect(
      Date.now() - started,
      'a connection ignored the timeout set on pool.options: sql() would hang',
    ).toBeLessThan(9000)
    await connection.pool.end()
  })
})
