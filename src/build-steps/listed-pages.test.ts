import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import path from 'node:path'
import {afterEach, beforeEach, describe, expect, it} from 'vitest'
import {listedPaths, refuseListedPagesMissing} from './listed-pages.ts'

const SITE = 'https://example.test'
let dir: string

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(dir, file)), {recursive: true})
  writeFileSync(path.join(dir, file), text)
}

function writeListings(paths: string[]) {
  write('sitemap.xml', paths.map((p) => `<url><loc>${SITE}${p}</loc></url>`).join('\n'))
  write(
    'rss.xml',
    `<channel><link>${SITE}/</link>` +
      paths.map((p) => `<item><link>${SITE}${p}</link></item>`).join('') +
      '</channel>',
  )
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'listed-'))
  write('index.html', '<!DOCTYPE html>')
  write('ulsan/press/a/index.html', '<!DOCTYPE html>')
})
afterEach(() => rmSync(dir, {recursive: true, force: true}))

describe('listed pages', () => {
  it('reads the paths of sitemap locations and feed links', () => {
    expect(listedPaths(`<loc>${SITE}/a?x=1&amp;y=2</loc><link>${SITE}/b</link>`)).toEqual([
      '/a',
      '/b',
    ])
  })

  it('lets a build through whose every listed address has its page', () => {
    writeListings(['/', '/ulsan/press/a'])
    expect(() => refuseListedPagesMissing(dir)).not.toThrow()
  })

  it('finds pages under percent-encoded folders by their decoded names', () => {
    write('브랜드/index.html', '<!DOCTYPE html>')
    writeListings([`/${encodeURIComponent('브랜드')}`])
    expect(() => refuseListedPagesMissing(dir)).not.toThrow()
  })

  it('stops a build whose sitemap names a post published after the pages were listed', () => {
    writeListings(['/', '/ulsan/press/a', '/ulsan/press/late'])
    expect(() => refuseListedPagesMissing(dir)).toThrow(
      /sitemap\.xml names \/ulsan\/press\/late without a prerendered page/,
    )
  })
})
