import {describe, expect, it} from 'vitest'
import {takeHydrationData} from './hydration-data.ts'

const enqueue = (text: string) => `<script>window.__reactRouterContext.streamController.enqueue(${JSON.stringify(text).replaceAll('<', '\\u003c')});</script>`
const CLOSE = '<script>window.__reactRouterContext.streamController.close();</script>'
// React Router's context script names the stream's controller too; it stays.
const CONTEXT =
  '<script>window.__reactRouterContext = {};window.__reactRouterContext.stream = new ReadableStream({start(controller){window.__reactRouterContext.streamController = controller;}});</script>'
const page = (data: string) => `<!DOCTYPE html><html><body><main><h1>분양 안내</h1></main>${CONTEXT}<script type="module">start()</script>${data}</body></html>`

describe('the hydration data taken out of a prerendered page', () => {
  // What React Router escapes: quotes, backslashes, and "<" so that no "</script>" ends the script early.
  const first = '[{"_1":2},"loaderData",{"title":"솔담 \\"레이크파크\\" </script>"}]\n'
  const second = 'P3:[{"_4":5}]\n'

  it('leaves the page without the scripts and returns their text as the stream received it', () => {
    const taken = takeHydrationData(page(enqueue(first) + enqueue(second) + CLOSE))!
    expect(taken.html).toBe(page(''))
    expect(taken.data).toBe(first + second)
  })

  it('names the file by its content', () => {
    const taken = takeHydrationData(page(enqueue(first) + CLOSE))!
    expect(taken.href).toMatch(/^\/assets\/page-data-[0-9a-f]{10}\.txt$/)
    expect(takeHydrationData(page(enqueue(first) + CLOSE))!.href).toBe(taken.href)
    expect(takeHydrationData(page(enqueue(second) + CLOSE))!.href).not.toBe(taken.href)
  })

  it('returns nothing for a page without data, and stops the build on a data script it does not know', () => {
    expect(takeHydrationData(page(''))).toBeNull()
    expect(() => takeHydrationData(page(`<script>window.__reactRouterContext.streamController.enqueue(data);</script>${CLOSE}`))).toThrow(
      /알아볼 수 없는/,
    )
  })
})
