import {describe, expect, it} from 'vitest'
import {readBuilt} from '../built-site.ts'
import {CONTENT_ROUTES} from './content-routes.ts'

/** The prerendered file of a page: build/client/<path>/index.html. */
const fileOf = (path: string) => `${path.replace(/^\//, '')}/index.html`

function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

function headOf(path: string) {
  const html = readBuilt(fileOf(path))
  const head = html.slice(0, html.indexOf('</head>'))
  const meta = (attribute: string, name: string) => {
    const tag = head.match(new RegExp(`<meta[^>]*${attribute}="${name}"[^>]*>`))?.[0] ?? ''
    return decode(tag.match(/content="([^"]*)"/)?.[1] ?? '')
  }
  return {
    title: decode(head.match(/<title>([^<]*)<\/title>/)?.[1] ?? ''),
    description: meta('name', 'description'),
    ogTitle: meta('property', 'og:title'),
    ogDescription: meta('property', 'og:description'),
    ogImage: meta('property', 'og:image'),
    canonical: head.match(/<link[^>]*rel="canonical"[^>]*href="([^"]*)"/)?.[1] ?? '',
  }
}

const paths = CONTENT_ROUTES.map((route) => route.path)
const heads = new Map(paths.map((path) => [path, headOf(path)]))

describe('the built head of every content page', () => {
  it.each(paths)(
    '%s has its own title, description, canonical address and sharing tags',
    (path) => {
      const head = heads.get(path)
      expect(head?.title.trim()).toBeTruthy()
      expect(head?.description.trim()).toBeTruthy()
      expect(head?.ogTitle).toBe(head?.title)
      expect(head?.ogDescription).toBe(head?.description)
      expect(head?.ogImage).toMatch(/^https?:\/\//)
      expect(new URL(head?.canonical ?? '').pathname).toBe(path)
    },
  )

  it('gives no two pages the same title or description', () => {
    const titles = [...heads.values()].map((head) => head.title)
    const descriptions = [...heads.values()].map((head) => head.description)
    expect(new Set(titles).size).toBe(paths.length)
    expect(new Set(descriptions).size).toBe(paths.length)
  })

  it('names the unit type in each floor-plan page title (114A is 84C)', () => {
    expect(heads.get('/FloorPlan/114A')?.title).toContain('84C')
    expect(heads.get('/FloorPlan/59B')?.title).toContain('59B')
  })
})
