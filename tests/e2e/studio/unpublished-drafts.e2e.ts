import {readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, inject, it} from 'vitest'
import {openPage} from '../browser.ts'
import {lakeWriter as writer} from '../lake-writer.ts'
import {heroHeading, homeHtml, publishedTitle, servedBuild} from './site-content.ts'

// The site and the lake as the Studio's preview leaves them: a draft kept to the Studio, and
// the lake read from the site's own origins only.
const baseUrl = inject('baseUrl')
const lakeUrl = inject('lakeUrl')

let originalTitle: string

beforeAll(async () => {
  originalTitle = await publishedTitle()
})

describe('a draft', () => {
  const marker = `비공개초안${Date.now()}`

  afterAll(async () => {
    await writer.delete('drafts.homePage').catch(() => undefined)
  })

  it(
    'never reaches a public page, the public ' + 'build or a reader without a preview credential',
    async () => {
      const home = await writer.getDocument('homePage')
      if (!home) throw new Error('no homePage')
      const {_rev: _ignored, ...published} = home
      await writer.createOrReplace({
        ...published,
        _id: 'drafts.homePage',
        hero: {...home.hero, title: marker, subtitle: marker},
      })

      // A published change rebuilds the site while the draft is in the dataset: the home
      // headline back to the one the other tests know (one rebuild for both).
      const before = servedBuild()
      await writer.patch('homePage').set({'hero.title': originalTitle}).commit()
      await expect.poll(servedBuild, {timeout: 120_000, interval: 1000}).not.toBe(before)
      // A build still running from an earlier change may be the one swapped in: this one has
      // the headline, so it started after the draft was there.
      await expect.poll(homeHtml, {timeout: 120_000, interval: 1000}).toContain(originalTitle)

      const built = servedBuild()
      const leaks = readdirSync(built, {recursive: true, withFileTypes: true})
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name))
        .filter((file) => readFileSync(file).includes(marker))
      expect(leaks).toEqual([])
      expect(await homeHtml()).not.toContain(marker)

      const visitor = await openPage('desktop')
      const requests: string[] = []
      visitor.on('request', (request) => requests.push(request.url()))
      await visitor.goto(baseUrl)
      // The first input starts the page's scripts; the page then runs as a visitor's does.
      await visitor.mouse.move(10, 10)
      await visitor.waitForLoadState('networkidle')
      await expect(heroHeading(visitor).innerText()).resolves.not.toContain(marker)
      expect(
        await visitor.evaluate(() => 'window.__sitePreview' in window || '__sitePreview' in window),
      ).toBe(false)
      expect(requests.filter((url) => /preview|visual-editing/i.test(url))).toEqual([])
      await visitor.close()

      // Preview mode's doors stay shut without the Studio's secret.
      const enable = await fetch(
        `${baseUrl}/api/preview/enable?sanity-preview-secret=guessed&sanity-preview-pathname=/`,
      )
      expect(enable.status).toBe(401)
      expect(await enable.text()).not.toContain(marker)
      for (const authorization of [undefined, 'Bearer forged.credential.value']) {
        const data = await fetch(`${baseUrl}/api/preview/data`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            ...(authorization ? {Authorization: authorization} : {}),
          },
          body: JSON.stringify({route: 'home', path: '/'}),
        })
        expect(data.status).toBe(401)
        expect(await data.text()).not.toContain(marker)
      }
    },
    180_000,
  )
})

describe('the site opened at 127.0.0.1', () => {
  it(
    'reads the Content Lake from the browser as at ' +
      'localhost, while another origin gets nothing',
    async () => {
      const loopback = baseUrl.replace('localhost', '127.0.0.1')
      const page = await openPage('desktop')
      await page.goto(loopback)
      const read = (url: string) =>
        page.evaluate(async (address) => {
          try {
            const answer = await fetch(address)
            return {status: answer.status, body: await answer.text()}
          } catch (error) {
            return {status: 0, body: String(error)}
          }
        }, url)
      const query =
        `${lakeUrl}/v2025-02-19/data/query/production?query=` +
        `${encodeURIComponent('*[_id == "siteSettings"][0].complexName')}`
      const answer = await read(query)
      expect(answer.status).toBe(200)
      expect(JSON.parse(answer.body).result).toBeTruthy()

      await page.goto('about:blank')
      await page.setContent('<p>다른 출처</p>')
      const refused = await read(query)
      expect(refused.status).toBe(0)
      expect(refused.body).toContain('TypeError')
      await page.close()
    },
  )
})
