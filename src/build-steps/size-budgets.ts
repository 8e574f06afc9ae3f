import {readdir, readFile} from 'node:fs/promises'
import path from 'node:path'
import {gzipSync} from 'node:zlib'

/**
 * Size budgets per page, in compressed bytes, checked on the built files so that a
 * heavy import fails the build instead of slowing visitors down. JavaScript counts
 * everything a page loads before it is interactive: the module script's imports and
 * every static import they pull in.
 */
export interface Budget {
  scriptBytes: number
  /** How many script files a page may load before it is interactive, where that is held too. */
  scriptFiles?: number
  styleBytes: number
}

/*
 * React 19, React DOM and React Router weigh about 98 KB (gzip) in the one chunk every page
 * starts with; with the route manifest, the entry and the site's own code the heaviest pages
 * (a press post, the home page) load about 114 KB before they are interactive. Every page is
 * held to the same budget, 130 KB, so that a heavy import fails the build.
 */
export const DEFAULT_BUDGET: Budget = {scriptBytes: 130 * 1024, styleBytes: 24 * 1024}

/**
 * The staff workspace is a tool behind a sign-in, never indexed nor reached by a visitor: its
 * views (오늘, dashboard, leads, schedule with the door's check-in, texts, visitors' requests,
 * the second factor, and for administrators the staff accounts and the access record's
 * review) are one page, and the modules they share with the site's chunk keep them from
 * loading lazily (lazy-stylesheets.ts). Its own budget still fails the build on a heavy import.
 */
export const PAGE_BUDGETS: Readonly<Record<string, Budget>> = {
  '/admin/leads/': {scriptBytes: 160 * 1024, styleBytes: DEFAULT_BUDGET.styleBytes},
}

/** The chunk of the registration form's own code (vite.config.ts names it). */
export const FORM_CHUNK = 'registration-form'

/*
 * A page that loads the registration form with its first scripts (the customer pages, the
 * time and result pages) has nothing left to load lazily: what it loads at once is what it has
 * transferred by the time it is idle, ≤ 130 KB. Each script's answer also brings its
 * headers, about 0.75 KB on these pages, which a page of many small chunks pays many times:
 * 125 KB of gzip (about 118.5 KB of Brotli) in at most 12 files is about 127.5 KB by idle.
 */
export const FORM_PAGE_BUDGET: Budget = {
  scriptBytes: 125 * 1024,
  scriptFiles: 12,
  styleBytes: DEFAULT_BUDGET.styleBytes,
}

export interface PageWeight {
  page: string
  scriptBytes: number
  scriptFiles: number
  /** Whether the page loads the registration form's chunk with its first scripts. */
  withForm: boolean
  styleBytes: number
}

const compressedSize = (bytes: Buffer) => gzipSync(bytes, {level: 9}).byteLength

async function scriptGraph(clientDir: string, entries: string[]): Promise<Set<string>> {
  const seen = new Set<string>()
  const visit = async (asset: string): Promise<void> => {
    if (seen.has(asset)) return
    seen.add(asset)
    const source = await readFile(path.join(clientDir, asset), 'utf8')
    // Static imports only: dynamic import() chunks load later, on demand.
    const imports = [
      ...source.matchAll(
        /(?:^|[;}\s])(?:import|export)\s*(?:[^'"`;]*?from\s*)?["']\.\/([^"']+\.js)["']/g,
      ),
    ]
    await Promise.all(
      imports.map((match) => visit(path.posix.join(path.posix.dirname(asset), match[1]!))),
    )
  }
  await Promise.all(entries.map(visit))
  return seen
}

/** What one prerendered page loads: its module script's graph and its stylesheets. */
export async function weighPage(
  clientDir: string,
  page: string,
  html: string,
): Promise<PageWeight> {
  const moduleScripts = [...html.matchAll(/<script type="module"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => match[1] ?? '',
  )
  const entries = moduleScripts.flatMap((script) =>
    [...script.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?\(?\s*"\/(assets\/[^"]+\.js)"/g)].map(
      (match) => match[1]!,
    ),
  )
  const external = [...html.matchAll(/<script[^>]*\ssrc="\/(assets\/[^"]+\.js)"/g)].map(
    (match) => match[1]!,
  )
  const scripts = await scriptGraph(clientDir, [...entries, ...external])
  const styles = new Set(
    [...html.matchAll(/<link rel="stylesheet" href="\/(assets\/[^"]+\.css)"/g)].map(
      (match) => match[1]!,
    ),
  )
  const sizeOf = async (assets: Iterable<string>) => {
    let total = 0
    for (const asset of assets) total += compressedSize(await readFile(path.join(clientDir, asset)))
    return total
  }
  return {
    page,
    scriptBytes: await sizeOf(scripts),
    scriptFiles: scripts.size,
    withForm: [...scripts].some((asset) => path.posix.basename(asset).startsWith(`${FORM_CHUNK}-`)),
    styleBytes: await sizeOf(styles),
  }
}

const budgetOf = (weight: PageWeight): Budget =>
  PAGE_BUDGETS[weight.page] ?? (weight.withForm ? FORM_PAGE_BUDGET : DEFAULT_BUDGET)

export function overBudget(weights: readonly PageWeight[]): string[] {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
  return weights.flatMap((weight) => {
    const budget = budgetOf(weight)
    const problems: string[] = []
    if (weight.scriptBytes > budget.scriptBytes) {
      problems.push(
        `${weight.page}: JavaScript ${kb(weight.scriptBytes)} > ${kb(budget.scriptBytes)}`,
      )
    }
    if (budget.scriptFiles !== undefined && weight.scriptFiles > budget.scriptFiles) {
      problems.push(`${weight.page}: ${weight.scriptFiles} script files > ${budget.scriptFiles}`)
    }
    if (weight.styleBytes > budget.styleBytes) {
      problems.push(`${weight.page}: CSS ${kb(weight.styleBytes)} > ${kb(budget.styleBytes)}`)
    }
    return problems
  })
}

/** Weighs every prerendered page and fails the build when one is over the budget. */
export async function enforceSizeBudgets(clientDir: string): Promise<PageWeight[]> {
  const pages = (await readdir(clientDir, {recursive: true}))
    .filter((file) => file.endsWith('.html'))
    .sort()
  const weights = await Promise.all(
    pages.map(async (file) => {
      const page = `/${file.split(path.sep).join('/')}`
        .replace(/(^|\/)index\.html$/, '$1')
        .replace(/\.html$/, '')
      return weighPage(clientDir, page || '/', await readFile(path.join(clientDir, file), 'utf8'))
    }),
  )
  const heaviest = [...weights].sort((a, b) => b.scriptBytes - a.scriptBytes)[0]
  if (heaviest) {
    console.log(
      `Size budgets: ${weights.length} pages, heaviest JavaScript ${heaviest.page} ${(heaviest.scriptBytes / 1024).toFixed(1)} KB (gzip)`,
    )
  }
  const problems = overBudget(weights)
  if (problems.length > 0) throw new Error(`Size budget exceeded:\n${problems.join('\n')}`)
  return weights
}
