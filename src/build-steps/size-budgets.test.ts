import {randomBytes} from 'node:crypto'
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {gzipSync} from 'node:zlib'
import {afterAll, describe, expect, it} from 'vitest'
import {enforceSizeBudgets, overBudget, weighPage} from './size-budgets.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'budget-'))
afterAll(() => rmSync(dir, {recursive: true, force: true}))

const incompressible = (bytes: number) => randomBytes(bytes).toString('base64').slice(0, bytes)
const compressed = (...files: string[]) =>
  files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(dir, file)), {level: 9}).byteLength,
    0,
  )

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(dir, file)), {recursive: true})
  writeFileSync(path.join(dir, file), text)
}

write('assets/entry.js', `import{a}from"./shared.js";const big="${incompressible(30_000)}";`)
write(
  'assets/shared.js',
  `export const a=1;const pad="${incompressible(20_000)}";import("./deferred.js");`,
)
write('assets/deferred.js', `const d="${incompressible(40_000)}";`)
write('assets/route.js', `const r="${incompressible(10_000)}";`)
write('assets/later.js', `const lazy="${incompressible(160_000)}";`)
write('assets/site.css', `body{--x:"${incompressible(5_000)}"}`)
write('assets/forms.css', `form{--x:"${incompressible(2_000)}"}`)
const page = `<html><head><link rel="stylesheet" href="/assets/site.css"/><link rel="stylesheet" href="/assets/forms.css"/></head><body>
<script type="module" async="">import "/assets/route.js";
import * as route0 from "/assets/entry.js";
import("/assets/later.js");</script></body></html>`
write('index.html', page)

describe('size budgets', () => {
  it('counts what the page script loads at once and the stylesheets, not chunks loaded on demand', async () => {
    const weight = await weighPage(dir, '/', page)
    // The page's own module script starts later.js at once; deferred.js only on demand.
    expect(weight.scriptBytes).toBe(
      compressed('assets/entry.js', 'assets/shared.js', 'assets/route.js', 'assets/later.js'),
    )
    expect(weight.styleBytes).toBe(compressed('assets/site.css', 'assets/forms.css'))
  })

  it('counts the startup the build holds in a template, which the page starts before it is interactive', async () => {
    const held = page
      .replace('<script type="module"', '<template id="react-router-startup"><script type="module"')
      .replace('</body>', '</template></body>')
    expect(await weighPage(dir, '/', held)).toEqual(await weighPage(dir, '/', page))
  })

  it('reports every page over its budget and passes the others', () => {
    expect(overBudget([{page: '/', scriptBytes: 129 * 1024, styleBytes: 10 * 1024}])).toEqual([])
    // The staff workspace has a budget of its own, which still holds.
    const workspace = (kb: number) => ({
      page: '/admin/leads/',
      scriptBytes: kb * 1024,
      styleBytes: 0,
    })
    expect(overBudget([workspace(155)])).toEqual([])
    expect(overBudget([workspace(161)])).toEqual(['/admin/leads/: JavaScript 161.0 KB > 160.0 KB'])
    expect(
      overBudget([{page: '/Brand/intro', scriptBytes: 131 * 1024, styleBytes: 30 * 1024}]),
    ).toEqual([
      '/Brand/intro: JavaScript 131.0 KB > 130.0 KB',
      '/Brand/intro: CSS 30.0 KB > 24.0 KB',
    ])
  })

  it('holds the live press pages to the same budget as every page, the staff view to its own', () => {
    expect(
      overBudget([
        {page: '/ulsan-lakepark/press/', scriptBytes: 131 * 1024, styleBytes: 10 * 1024},
      ]),
    ).toHaveLength(1)
    expect(
      overBudget([{page: '/admin/leads/', scriptBytes: 161 * 1024, styleBytes: 10 * 1024}]),
    ).toHaveLength(1)
  })

  it('fails the build when a page is over budget', async () => {
    await expect(enforceSizeBudgets(dir)).rejects.toThrow(/Size budget exceeded:\n\/: JavaScript/)
  })
})
