import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'
import {describe, expect, it} from 'vitest'
import {warmRuntime} from './warm-functions-hook.mjs'
import {borrowWarmInstance} from './warm-instances.mjs'

const RUNTIME = new URL(
  '../../../node_modules/netlify-cli/dist/lib/functions/runtimes/js/',
  import.meta.url,
)

/** A function that counts its calls in its module, as a warm instance keeps them. */
function countingFunction(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'warm-function-')), 'function.mjs')
  writeFileSync(
    file,
    `let calls = 0
export const handler = async (event) => {
  calls += 1
  if (event.fail) throw new Error('the function failed')
  await new Promise((resolve) => setTimeout(resolve, event.waitMs ?? 0))
  return {statusCode: 200, body: String(calls)}
}
`,
  )
  return pathToFileURL(file).href
}

/** One call as netlify-cli's runtime makes it: the answer's body, or the failure. */
function call(entryFilePath: string, event: object = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const invocation = borrowWarmInstance(new URL('worker.js', RUNTIME), {
      env: process.env,
      workerData: {clientContext: '{}', environment: {}, event, entryFilePath, timeoutMs: 10_000},
    })
    invocation.once('message', (result: {body: string}) => resolve(result.body))
    invocation.once('error', reject)
  })
}

describe('warm function instances', () => {
  it("replace the fresh worker of netlify-cli's JavaScript runtime", () => {
    const source = readFileSync(new URL('index.js', RUNTIME), 'utf8')
    const warm = warmRuntime(source)
    expect(warm).toContain('borrowWarmInstance(workerURL, {')
    expect(warm).not.toContain('new Worker(workerURL')
    expect(() => warmRuntime('export const invokeFunction = () => {}')).toThrow(/no longer has/)
  })

  it('answer the next call from the instance that answered the last', async () => {
    const entry = countingFunction()
    expect(await call(entry)).toBe('1')
    expect(await call(entry)).toBe('2')
    expect(await call(entry)).toBe('3')
  })

  it('answer calls at once from instances of their own, one call each', async () => {
    const entry = countingFunction()
    expect(await call(entry)).toBe('1')
    const answers = await Promise.all([
      call(entry, {waitMs: 300}),
      call(entry, {waitMs: 300}),
      call(entry, {waitMs: 300}),
    ])
    // The warm instance takes one call; the others start cold.
    expect(answers.sort()).toEqual(['1', '1', '2'])
  })

  it('pass on a failure and start the next call on a fresh instance', async () => {
    const entry = countingFunction()
    expect(await call(entry)).toBe('1')
    // lambda-local's report of the error, as netlify-cli's own worker passes it on.
    await expect(call(entry, {fail: true})).rejects.toMatchObject({
      errorMessage: 'the function failed',
    })
    expect(await call(entry)).toBe('1')
  })
})
