import {readdir, readFile, writeFile} from 'node:fs/promises'
import path from 'node:path'

const MODULE_PRELOAD = /<link rel="modulepreload" href="[^"]*"\/>/g

/** A generated page without its `<link rel="modulepreload">` tags. */
export function withoutModulePreloads(html: string): string {
  return html.replace(MODULE_PRELOAD, '')
}

/**
 * Takes the module preloads out of every generated page. React hoists them into <head>,
 * where Chrome holds the first paint until the twenty-odd scripts have arrived (measured:
 * first paint 1.3 s with them, 0.2 s without). The page's module script imports the same
 * files itself, and React puts the preload tags back once it has hydrated.
 */
export async function stripModulePreloads(clientDir: string): Promise<number> {
  const entries = await readdir(clientDir, {withFileTypes: true, recursive: true})
  const pages = entries.filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
  await Promise.all(
    pages.map(async (entry) => {
      const file = path.join(entry.parentPath, entry.name)
      const html = await readFile(file, 'utf8')
      const stripped = withoutModulePreloads(html)
      if (stripped !== html) await writeFile(file, stripped)
    }),
  )
  return pages.length
}
