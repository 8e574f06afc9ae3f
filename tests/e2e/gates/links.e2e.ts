import {expect, inject, it} from 'vitest'
import {builtPages, readBuilt} from '../built-site.ts'

/** Every address a page refers to: links, images, scripts, styles, srcset candidates. */
function referencesIn(page: string): string[] {
  const found = new Set<string>()
  // A preconnect names an origin to warm up, not a resource to fetch.
  const html = page.replace(/<link[^>]*rel="(?:preconnect|dns-prefetch)"[^>]*>/g, '')
  for (const match of html.matchAll(/\s(?:href|src|poster)="([^"]+)"/gi)) found.add(match[1]!)
  // Meta tags carry addresses too (og:image, og:url), among plain text.
  for (const match of html.matchAll(/\scontent="((?:https?:\/\/|\/)[^"\s]+)"/g))
    found.add(match[1]!)
  // Attribute names are case-insensitive (srcset, srcSet, imagesrcset); candidates are
  // separated by a comma and white space, and an address may hold commas of its own (a crop).
  for (const match of html.matchAll(/\s(?:image)?srcset="([^"]+)"/gi)) {
    for (const candidate of match[1]!.split(/,\s+/)) found.add(candidate.trim().split(/\s+/)[0]!)
  }
  return [...found].map((value) => value.replaceAll('&amp;', '&'))
}

it('every internal link, image and asset of the built site resolves', async () => {
  const baseUrl = inject('baseUrl')
  const lakeUrl = inject('lakeUrl')
  const targets = new Map<string, string>()
  for (const page of builtPages()) {
    for (const reference of referencesIn(readBuilt(page))) {
      let url: URL
      try {
        url = new URL(reference, `${baseUrl}/`)
      } catch {
        continue
      }
      // Only our own site and our own content host; the canonical origin maps to the running site.
      const internal = url.origin === baseUrl || url.origin === lakeUrl
      if (!internal || url.protocol.startsWith('tel') || url.protocol.startsWith('mailto')) continue
      url.hash = ''
      if (!targets.has(url.href)) targets.set(url.href, page)
    }
  }
  expect(targets.size).toBeGreaterThan(50)
  const broken: string[] = []
  const queue = [...targets]
  await Promise.all(
    Array.from({length: 8}, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [href, page] = next
        const response = await fetch(href, {redirect: 'follow'})
        await response.body?.cancel()
        if (response.status >= 400) broken.push(`${response.status} ${href} (from ${page})`)
      }
    }),
  )
  expect(broken).toEqual([])
}, 180_000)
