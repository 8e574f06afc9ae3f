import {
  type ClientConfig,
  createClient,
  type ObservableSanityClient,
  type SanityClient,
} from '@sanity/client'

/**
 * A client whose listeners each connect through a host name of their own.
 *
 * The Studio keeps many `listen` streams open at once (document pairs, previews, sets).
 * Sanity's API speaks HTTP/2, where they share one connection; the local lake speaks
 * HTTP/1.1, where a browser opens at most six connections per host, so the seventh request
 * (any query) would wait forever behind the open streams. Browsers resolve every
 * `*.localhost` name to the loopback address, so each listener gets its own name and its
 * own connections, e.g. `http://lakeside.listen-3.localhost:4010`. The client has no option
 * for it, so a Proxy wraps it (docs/decisions/008-other-packages-internals.md).
 */
export function clientWithSpreadListeners(options: ClientConfig): SanityClient {
  const apiHost = options.apiHost
  if (!apiHost) return createClient(options)
  let next = 0
  const listenHost = () => {
    const url = new URL(apiHost)
    url.hostname = `listen-${next++}.${url.hostname}`
    return url.origin
  }
  return spread(createClient(options), listenHost)
}

type Listenable = SanityClient | ObservableSanityClient

function spread<T extends Listenable>(client: T, listenHost: () => string): T {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'listen') {
        return (...args: unknown[]) => {
          const listener = target.withConfig({apiHost: listenHost()}) as Listenable
          return (listener.listen as (...a: unknown[]) => unknown)(...args)
        }
      }
      if (property === 'withConfig') {
        return (config?: Partial<ClientConfig>) =>
          spread(target.withConfig(config) as Listenable, listenHost)
      }
      if (property === 'observable' && 'observable' in target)
        return spread(target.observable, listenHost)
      // Methods read the client's private fields, so they must run on the client itself.
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value
    },
  })
}
