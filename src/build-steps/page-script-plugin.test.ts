import {gzipSync} from 'node:zlib'
import {describe, expect, it} from 'vitest'
import {buildPageScript} from './page-script-plugin.ts'

describe('the page script as the build writes it into every page', () => {
  it('is one small classic script that needs no module, React least of all', async () => {
    const {code, moduleIds} = await buildPageScript()
    expect(code).not.toMatch(/\bimport\b|\bexport\b|<\/script/i)
    expect(moduleIds.some((id) => id.includes('node_modules'))).toBe(false)
    // It is in every page's HTML, ahead of the first screen.
    expect(gzipSync(code).byteLength).toBeLessThan(2 * 1024)
    // A classic script, which runs as it is parsed.
    expect(code).toMatch(/^\(function\(\)\{/)
  })
})
