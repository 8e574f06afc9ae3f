import {Server} from 'node:net'
import {NetlifyDB} from '@netlify/database-dev'
import {describe, expect, it} from 'vitest'

/*
 * `openDatabase` turns Nagle's algorithm off on the local server's connections through its
 * `server` field, which `@netlify/database-dev` does not expose on purpose
 * (docs/decisions/008-other-packages-internals.md). Without it every statement takes
 * about 45 ms more, silently: this fails instead, naming the field.
 */
describe("@netlify/database-dev's server", () => {
  it('keeps the listening TCP server in `server`', async () => {
    const db = new NetlifyDB({})
    await db.start()
    try {
      const server = (db as unknown as {server?: unknown}).server
      expect(
        server instanceof Server && server.listening,
        'NetlifyDB no longer keeps its net.Server in `server`: see local-database.ts',
      ).toBe(true)
    } finally {
      await db.stop()
    }
  }, 60_000)
})
