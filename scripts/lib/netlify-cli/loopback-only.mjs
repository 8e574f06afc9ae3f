/**
 * Preloaded into netlify-cli (NODE_OPTIONS=--import, ./index.ts): every server
 * it starts that names no address, or every address, listens on 127.0.0.1 instead.
 * netlify-cli 26 has no flag or setting for the address: its site port, its functions
 * port and Express's own listen on all interfaces, where anyone on the network reaches
 * the functions around the edge proxy and its bounds. Plain JavaScript, because it runs
 * in netlify-cli's Node, which loads no TypeScript.
 */
import {Server} from 'node:net'

const LOOPBACK = '127.0.0.1'
const EVERY_ADDRESS = new Set(['', '0.0.0.0', '::'])
const listen = Server.prototype.listen

/** @param {unknown} value */
const isPort = (value) =>
  typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value))

/** @param {unknown} host */
const isUnbound = (host) => host === undefined || host === null || EVERY_ADDRESS.has(host)

/** @this {Server} @param {any[]} args */
Server.prototype.listen = function listenOnLoopback(...args) {
  const [first, second, ...rest] = args
  // listen(), listen(callback)
  if (first === undefined || typeof first === 'function') {
    return listen.call(this, 0, LOOPBACK, ...args.filter((arg) => arg !== undefined))
  }
  // listen(port[, host][, backlog][, callback])
  if (isPort(first)) {
    if (typeof second === 'string' || second === undefined || second === null) {
      return listen.call(this, first, isUnbound(second) ? LOOPBACK : second, ...rest)
    }
    return listen.call(this, first, LOOPBACK, second, ...rest)
  }
  // listen(options[, callback]); a path, a handle or a file descriptor is left as it is.
  if (
    typeof first === 'object' &&
    first !== null &&
    first.path === undefined &&
    first.fd === undefined &&
    !('_handle' in first) &&
    isUnbound(first.host)
  ) {
    return listen.call(this, {...first, host: LOOPBACK}, ...args.slice(1))
  }
  return listen.apply(this, args)
}
