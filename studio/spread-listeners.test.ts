import {describe, expect, it} from 'vitest'
import {clientWithSpreadListeners} from './spread-listeners.ts'

/*
 * The Proxy relies on how `@sanity/client` is built
 * (docs/decisions/008-other-packages-internals.md):
 * `listen` is a method that reads the client's own `apiHost`, `withConfig` returns a new
 * client, and methods read private fields (so they run on the client itself, not the Proxy).
 * These fail, naming the change, when an upgrade moves one of them.
 */

const lake = {
  projectId: 'lakeside',
  dataset: 'production',
  apiVersion: '2025-02-19',
  apiHost: 'http://lakeside.localhost:4010',
  useProjectHostname: false,
  useCdn: false,
} as const

describe('clientWithSpreadListeners', () => {
  it("keeps the client's methods working through the Proxy, private fields and all", () => {
    const client = clientWithSpreadListeners(lake)
    expect(client.config().apiHost, '@sanity/client methods no longer run on the Proxy').toBe(
      lake.apiHost,
    )
    expect(client.observable.config().dataset).toBe('production')
    expect(client.withConfig({dataset: 'other'}).config().dataset).toBe('other')
  })

  it('answers listen with a stream not yet opened, on the client and its derivatives', () => {
    const client = clientWithSpreadListeners(lake)
    for (const listener of [client, client.withConfig({}), client.observable]) {
      const stream = listener.listen('*[_type == "press"]')
      expect(typeof stream.subscribe, '@sanity/client listen no longer answers a stream').toBe(
        'function',
      )
    }
  })
})
