/**
 * Warm instances of v2 functions for `netlify serve` (see warm-functions.mjs). An instance
 * is a worker thread that has imported one function's bundle and answers one call at a
 * time; a call takes an idle instance of its function or starts one, as a cold start.
 * An instance idle for five minutes ends, and so does one whose call failed or timed out:
 * its state is not to be trusted.
 */
import {EventEmitter} from 'node:events'
import {Worker} from 'node:worker_threads'

const INSTANCE = new URL('./warm-instance.mjs', import.meta.url)
const IDLE_MS = 5 * 60 * 1000

/** @typedef {import('./warm-instances.d.mts').Call} Call */

/** Idle instances by the function's entry file. @type {Map<string, Instance[]>} */
const idle = new Map()

class Instance {
  /** @param {string} runtimeUrl @param {string} entryFilePath @param {NodeJS.ProcessEnv} env */
  constructor(runtimeUrl, entryFilePath, env) {
    this.entryFilePath = entryFilePath
    /** @type {EventEmitter | null} */
    this.call = null
    /** @type {NodeJS.Timeout | undefined} */
    this.idleTimer = undefined
    this.worker = new Worker(INSTANCE, {env, workerData: {runtimeUrl, entryFilePath}})
    // An idle instance does not keep netlify-cli running.
    this.worker.unref()
    this.worker.on('message', (message) => this.answer(message))
    this.worker.on('error', (error) => this.fail(error))
    this.worker.on('exit', (code) => this.fail(new Error(`function instance exited (${code})`)))
  }

  /** @param {Omit<Call, 'entryFilePath'>} call @param {EventEmitter} invocation */
  run(call, invocation) {
    clearTimeout(this.idleTimer)
    this.call = invocation
    this.worker.ref()
    this.worker.postMessage(call)
  }

  /** @param {{result?: unknown, idle?: true, error?: unknown}} message */
  answer(message) {
    if ('result' in message) this.call?.emit('message', message.result)
    if ('error' in message) this.fail(message.error)
    if (message.idle) this.rest()
  }

  rest() {
    this.call = null
    this.worker.unref()
    this.idleTimer = setTimeout(() => this.end(), IDLE_MS).unref()
    const instances = idle.get(this.entryFilePath) ?? []
    instances.push(this)
    idle.set(this.entryFilePath, instances)
  }

  /** @param {unknown} error */
  fail(error) {
    const call = this.call
    this.call = null
    call?.emit('error', error)
    this.end()
  }

  end() {
    clearTimeout(this.idleTimer)
    const instances = idle.get(this.entryFilePath) ?? []
    idle.set(
      this.entryFilePath,
      instances.filter((instance) => instance !== this),
    )
    this.worker.removeAllListeners()
    void this.worker.terminate()
  }
}

/**
 * Stands in for `new Worker(workerURL, {env, workerData})` in netlify-cli's runtime: what it
 * returns emits the call's answer as `message`, or its failure as `error`, once.
 * @param {URL} runtimeWorkerUrl @param {{env: NodeJS.ProcessEnv, workerData: Call}} options
 */
export function borrowWarmInstance(runtimeWorkerUrl, {env, workerData}) {
  const {entryFilePath, ...call} = workerData
  const invocation = new EventEmitter()
  const instance =
    idle.get(entryFilePath)?.pop() ?? new Instance(runtimeWorkerUrl.href, entryFilePath, env)
  instance.run(call, invocation)
  return invocation
}
