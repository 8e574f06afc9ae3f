import {randomBytes} from 'node:crypto'
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {gzipSync} from 'node:zlib'
import {afterAll, describe, expect, it} from 'vitest'
import {
  enforceSizeBudgets,
  FORM_CHUNK,
  overBudget,
  weighPage,
  type PageWeight,
} from './size-budgets.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'budget-'))
afterAll(() => rmSync(dir, {recursive: true, force: true}))

const incompressible = (bytes: number) => randomBytes(bytes).toString('base64').slice(0, bytes)
const compressed = (...files: string[]) =>
  files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(dir, file)), {level: 9}).byteLength,
    0,
  )

/** A page's weight in KB; the number of script files and the form only where they matter. */
const weighing = (
  page: string,
  scriptKb: number,
  styleKb: number,
  {scriptFiles = 10, withForm = false} = {},
): PageWeight => ({
  page,
  scriptBytes: scriptKb * 1024,
  scriptFiles,
  withForm,
  styleBytes: styleKb * 1024,
})

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
    expect(weight.scriptFiles).toBe(4)
    expect(weight.withForm).toBe(false)
  })

  it("tells a page that loads the registration form's chunk at once from one that loads it on demand", async () => {
    write(`assets/${FORM_CHUNK}-a1b2.js`, `const form="${incompressible(1_000)}";`)
    write('assets/customer.js', `import"./${FORM_CHUNK}-a1b2.js";`)
    write('assets/popup.js', `import("./${FORM_CHUNK}-a1b2.js");`)
    const pageImporting = (route: string) =>
      page.replace('import "/assets/route.js"', `import "/assets/${route}"`)
    const customer = await weighPage(dir, '/customer/', pageImporting('customer.js'))
    expect(customer.withForm).toBe(true)
    expect(customer.scriptFiles).toBe(5)
    expect((await weighPage(dir, '/', pageImporting('popup.js'))).withForm).toBe(false)
  })

  it('counts the startup the build holds in a template, which the page starts before it is interactive', async () => {
    const held = page
      .replace('<script type="module"', '<template id="react-router-startup"><script type="module"')
      .replace('</body>', '</template></body>')
    expect(await weighPage(dir, '/', held)).toEqual(await weighPage(dir, '/', page))
  })

  it('reports every page over its budget and passes the others', () => {
    expect(overBudget([weighing('/', 129, 10)])).toEqual([])
    // The staff workspace has a budget of its own, which still holds.
    const workspace = (kb: number) => weighing('/admin/leads/', kb, 0, {scriptFiles: 19})
    expect(overBudget([workspace(155)])).toEqual([])
    expect(overBudget([workspace(161)])).toEqual(['/admin/leads/: JavaScript 161.0 KB > 160.0 KB'])
    expect(overBudget([weighing('/Brand/intro', 131, 30)])).toEqual([
      '/Brand/intro: JavaScript 131.0 KB > 130.0 KB',
      '/Brand/intro: CSS 30.0 KB > 24.0 KB',
    ])
  })

  it('holds the live press pages to the same budget as every page, the staff view to its own', () => {
    expect(overBudget([weighing('/ulsan-lakepark/press/', 131, 10)])).toHaveLength(1)
    expect(overBudget([weighing('/admin/leads/', 161, 10)])).toHaveLength(1)
  })

  it('holds a page that loads the form at once to what it transfers by idle: fewer bytes, and few files', () => {
    const customer = (kb: number, scriptFiles: number) =>
      weighing('/ulsan-lakepark/customer/', kb, 10, {scriptFiles, withForm: true})
    expect(overBudget([customer(124, 12)])).toEqual([])
    expect(overBudget([customer(126, 12)])).toEqual([
      '/ulsan-lakepark/customer/: JavaScript 126.0 KB > 125.0 KB',
    ])
    expect(overBudget([customer(124, 18)])).toEqual([
      '/ulsan-lakepark/customer/: 18 script files > 12',
    ])
    // Pages that load the form only on demand are counted in bytes alone.
    expect(overBudget([weighing('/', 126, 10, {scriptFiles: 18})])).toEqual([])
  })

  it('fails the build when a page is over budget', async () => {
    await expect(enforceSizeBudgets(dir)).rejects.toThrow(/Size budget exceeded:\n\/: JavaScript/)
  })
})
