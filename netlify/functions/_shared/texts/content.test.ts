import {describe, expect, it} from 'vitest'
import {cachedTextContent, type TextContent} from './content.ts'

const content = (name: string): TextContent => ({
  templates: {acknowledgement: `${name} #{주소}`},
  sites: new Map(),
  remaining: '',
  units: [],
})

describe('the texts’ content cache', () => {
  it('reads once for concurrent callers and again only after its time', async () => {
    let now = 0
    let reads = 0
    const load = cachedTextContent(
      async () => content(`v${++reads}`),
      60_000,
      () => now,
    )
    const answers = await Promise.all([load(), load(), load()])
    expect(answers.map((answer) => answer.templates.acknowledgement)).toEqual([
      'v1 #{주소}',
      'v1 #{주소}',
      'v1 #{주소}',
    ])
    now = 59_999
    expect((await load()).templates.acknowledgement).toBe('v1 #{주소}')
    now = 60_000
    expect((await load()).templates.acknowledgement).toBe('v2 #{주소}')
    expect(reads).toBe(2)
  })

  it('keeps the last content when a later read fails, and fails without one', async () => {
    let now = 0
    let down = true
    const load = cachedTextContent(
      async () => {
        if (down) throw new Error('the lake is down')
        return content('v')
      },
      1000,
      () => now,
    )
    await expect(load()).rejects.toThrow('the lake is down')
    down = false
    // Within 10 s of a failure, with nothing to stand in, callers fail without a read.
    now = 9_999
    await expect(load()).rejects.toThrow('the lake is down')
    now = 10_000
    expect((await load()).templates.acknowledgement).toBe('v #{주소}')
    down = true
    now = 20_000
    expect((await load()).templates.acknowledgement).toBe('v #{주소}')
  })
})
