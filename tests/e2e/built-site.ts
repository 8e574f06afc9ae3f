import {readdirSync, readFileSync, realpathSync} from 'node:fs'
import {join, relative} from 'node:path'
import {inject} from 'vitest'

/**
 * The build netlify-cli serves as this test file starts. The served folder is a link the
 * stack moves to each new build when a test publishes a change, so a file reads one build
 * from its first line to its last, never half of two.
 */
export const BUILD_DIR = realpathSync(inject('clientDir'))

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
