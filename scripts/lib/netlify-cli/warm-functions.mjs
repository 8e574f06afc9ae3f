/**
 * Preloaded into `netlify serve` (NODE_OPTIONS=--import, ./index.ts): v2 functions answer
 * from warm instances, as on Netlify, instead of a fresh worker per call.
 *
 * netlify-cli 26 starts a worker thread for every call of a v2 function, and the worker
 * imports the function's bundle before it answers: about half a second of CPU per call,
 * most of it `@netlify/database` loading its drivers. Netlify keeps an instance warm and
 * answers the next call from it, one call at a time. The hook below makes netlify-cli take
 * its worker from `warm-instances.mjs`, which keeps one per function and call in flight.
 * `netlify dev` keeps fresh workers: it rebuilds a function when its code changes.
 */
import {register} from 'node:module'
import {isMainThread} from 'node:worker_threads'

// A function's worker inherits the preload, and must not start a loader of its own.
if (isMainThread) register('./warm-functions-hook.mjs', import.meta.url)
