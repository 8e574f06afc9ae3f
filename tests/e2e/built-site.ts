import {readdirSync, readFileSync} from 'node:fs'
import {join, relative} from 'node:path'
import {inject} from 'vitest'

/** The folder netlify-cli serves: the build the global setup just made for this run. */
export const BUILD_DIR = inject('clientDir')

/** Every file of the built site, as paths relative to BUILD_DIR. */
export function builtFiles(filter: (path: string) => boolean = () => true): string[] {
  const files: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, {withFileTypes: true})) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (filter(path)) files.push(relative(BUILD_DIR, path))
    }
  }
  walk(BUILD_DIR)
  return files.sort()
}

export function readBuilt(path: string): string {
  return readFileSync(join(BUILD_DIR, path), 'utf8')
}

/** The prerendered pages (the SPA fallback is a shell, not a page). */
export function builtPages(): string[] {
  return builtFiles((path) => path.endsWith('.html')).filter(
    (path) => !path.startsWith('__spa-fallback'),
  )
}
