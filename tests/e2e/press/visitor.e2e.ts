import {existsSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, inject, it} from 'vitest'
import {openPage, type TestPage} from '../browser.ts'
import {BUILD_DIR} from '../built-site.ts'
import {afterTwoFrames} from '../frames.ts'
import {
  busiestSite,
  lakeQuery,
  loadEveryPage,
  postsOf,
  tableRows,
  waitForHydration,
  viewCounts,
  type ListedPost,
  SLOW,
} from './press-site.ts'

const baseUrl = inject('baseUrl')

let site: string
let seedPosts: ListedPost[]
beforeAll(async () => {
  ;({slug: site, posts: seedPosts} = await busiestSite())
})

async function open(path: string, viewport: 'desktop' | 'narrow' = 'desktop'): Promise<TestPage> {
  const page = await openPage(viewport)
  await page.goto(`${baseUrl}${path}`)
  await waitForHydration(page)
  return page
}

const views = async (id: string) => (await viewCounts([id]))[id] ?? 0

describe('press list, as a visitor', () => {
  it(
    'has the first page of ten posts in the generated HTML, newest first',
    async () => {
      // Posts other tests publish or delete reach the HTML with the rebuild that follows
      // them (a minute or more on a busy machine): the page is read until it has caught up.
      const read = async () => {
        const listed = await lakeQuery<string[]>(
          '*[_type == "press" && site->slug.current == $site ' +
            '&& defined(date)] | order(date desc, _id desc)._id',
          {site},
        )
        const response = await fetch(`${baseUrl}/${site}/press`)
        expect(response.status).toBe(200)
        const html = await response.text()
        const linked = [...html.matchAll(new RegExp(`href="/${site}/press/([^"]+)"`, 'g'))].map(
          (match) => match[1],
        )
        return {listed, html, linked}
      }
      const deadline = Date.now() + 4 * 60_000
      let {listed, html, linked} = await read()
      while (
        JSON.stringify(linked) !== JSON.stringify(listed.slice(0, 10)) &&
        Date.now() < deadline
      ) {
        await new Promise((resolve) => setTimeout(resolve, 3000))
        ;({listed, html, linked} = await read())
      }
      expect(listed.length).toBeGreaterThan(10)
      expect(html).toContain('<caption')
      expect(html).toContain('<th scope="col" class="press-no">NO</th>')
      expect(linked).toEqual(listed.slice(0, 10))
      expect(html).toContain('더보기')
    },
    5 * 60_000,
  )

  it(
    "loads every page with '더보기' until it " + 'disappears, numbering down from the total',
    async () => {
      const page = await open(`/${site}/press`)
      const posts = await postsOf(site)
      expect(await loadEveryPage(page)).toBe(Math.ceil(posts.length / 10) - 1)
      const rows = await tableRows(page)
      expect(rows.map((cells) => cells[1])).toEqual(posts.map((post) => post.title))
      expect(rows.map((cells) => Number(cells[0]))).toEqual(
        posts.map((_, index) => posts.length - index),
      )
      expect(
        rows.every(
          (cells) => cells[3] === '관리자' && /^\d{4}\.\d{2}\.\d{2}$/.test(cells[2] ?? ''),
        ),
      ).toBe(true)
      // Every row shows its post's view count from the database, 50 posts a request at most.
      const counts: Record<string, number> = {}
      for (let at = 0; at < posts.length; at += 50)
        Object.assign(counts, await viewCounts(posts.slice(at, at + 50).map((post) => post._id)))
      await expect
        .poll(async () => (await tableRows(page)).map((cells) => cells[4]), SLOW)
        .toEqual(posts.map((post) => counts[post._id]?.toLocaleString('ko-KR')))
      // Focus moved to the first title the last click added.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
        posts[Math.floor((posts.length - 1) / 10) * 10]?.title,
      )
      expect(await page.getByRole('columnheader').allTextContents()).toEqual([
        'NO',
        '제목',
        '작성일',
        '작성자',
        '조회수',
      ])
      expect(page.consoleErrors).toEqual([])
      await page.context().close()
    },
  )

  it('answers an unknown site with the 404 page, kept out of search engines', async () => {
    const response = await fetch(`${baseUrl}/no-such-site/press`)
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('<meta name="robots" content="noindex, nofollow"/>')
  })

  it('starts the list over when the visitor switches to another site', async () => {
    const others = await lakeQuery<string[]>(
      '*[_type == "site" && slug.current != $site].slug.current',
      {site},
    )
    const other = others[0] as string
    const page = await open(`/${site}/press`)
    await loadEveryPage(page)
    await page.evaluate((path) => {
      history.pushState(null, '', path)
      window.dispatchEvent(new PopStateEvent('popstate'))
    }, `/${other}/press`)
    const otherPosts = await postsOf(other)
    await expect
      .poll(async () => (await tableRows(page)).map((cells) => cells[1]), SLOW)
      .toEqual(otherPosts.slice(0, 10).map((post) => post.title))
    await page.context().close()
  })
})

describe('press post, as a visitor', () => {
  it('is generated with NewsArticle structured data', async () => {
    // Posts the administrator tests publish have no generated page until the next build.
    const post = seedPosts.find((listed) =>
      existsSync(join(BUILD_DIR, site, 'press', listed._id, 'index.html')),
    )
    if (!post) throw new Error('no prerendered post in the build')
    const response = await fetch(`${baseUrl}/${site}/press/${post._id}`)
    expect(response.status).toBe(200)
    const html = await response.text()
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
      (match) => JSON.parse(match[1] ?? 'null'),
    )
    const article = blocks.find((block) => block['@type'] === 'NewsArticle')
    expect(article).toMatchObject({
      headline: post.title,
      author: {'@type': 'Organization'},
      publisher: {'@type': 'Organization'},
      mainEntityOfPage: {'@id': `${new URL(baseUrl).origin}/${site}/press/${post._id}`},
    })
    expect(article.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    expect(article.image?.[0]).toMatch(/^https?:\/\//)
    expect(html).toContain(`<h1>${post.title.replace(/'/g, '&#x27;').replace(/"/g, '&quot;')}</h1>`)
  })

  it('counts one view, shows the new count and goes back to the list', async () => {
    const post = seedPosts[1] as ListedPost
    const before = await views(post._id)
    const page = await open(`/${site}/press`)
    const counting: Array<Promise<unknown>> = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/views'))
        counting.push(request.response())
    })
    await page.getByRole('link', {name: post.title, exact: true}).click()
    await page.waitForURL(`${baseUrl}/${site}/press/${post._id}`)
    const count = page.locator('.press-post-views')
    await expect.poll(() => count.textContent(), SLOW).toBe(String(before + 1))
    // Exactly one view, not one per effect run: the count shown is the answer to the effect of
    // the commit that drew the post; two frames on, the update it caused has run its effects
    // too, and every count they sent is answered.
    await afterTwoFrames(page)
    await Promise.all(counting)
    expect(counting).toHaveLength(1)
    expect(await views(post._id)).toBe(before + 1)

    const meta = await page.locator('.press-post-meta').textContent()
    expect(meta).toContain('관리자')
    expect(meta).toMatch(/\d{4}년 \d{1,2}월 \d{1,2}일 (오전|오후) \d{1,2}:\d{2}/)
    const blocks = await lakeQuery<number>('count(*[_id == $id][0].content)', {id: post._id})
    expect(await page.locator('.press-body p').count()).toBe(blocks)

    // One step back, not a new entry: the history keeps its length and returns to the list's entry.
    const entries = await page.evaluate(() => history.length)
    await page.getByRole('link', {name: '목록으로'}).click()
    await page.waitForURL(`${baseUrl}/${site}/press`)
    expect(
      await page.evaluate(() => [history.length, (history.state as {idx?: number} | null)?.idx]),
    ).toEqual([entries, 0])
    expect(page.consoleErrors).toEqual([])
    await page.context().close()
  })

  it("opened directly, '목록으로' leads to the site's list", async () => {
    const post = seedPosts[2] as ListedPost
    const page = await open(`/${site}/press/${post._id}`)
    await page.getByRole('link', {name: '목록으로'}).click()
    await page.waitForURL(`${baseUrl}/${site}/press`)
    await page.context().close()
  })

  it("sends a missing post to /Promotion/Press and on to the default site's list", async () => {
    const page = await open(`/${site}/press/no-such-post`)
    await page.waitForURL(`${baseUrl}/${inject('defaultSite')}/press`)
    expect(await page.getByRole('heading', {level: 1}).textContent()).toBe('보도자료')
    await page.context().close()
  })
})

describe('press list on a narrow screen (390x844)', () => {
  it('shows only NO, 제목 and 작성일, without sideways scrolling', async () => {
    const page = await open(`/${site}/press`, 'narrow')
    const headers = page.getByRole('columnheader')
    const visible = []
    for (const header of await headers.all())
      if (await header.isVisible()) visible.push(await header.textContent())
    expect(visible).toEqual(['NO', '제목', '작성일'])
    expect(await page.locator('.press-table tbody .press-views').first().isVisible()).toBe(false)
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true)
    await loadEveryPage(page)
    expect(await page.locator('.press-table tbody tr').count()).toBe((await postsOf(site)).length)
    expect(await page.getByRole('button', {name: '로그인', exact: true}).isVisible()).toBe(true)
    await page.context().close()
  })
})
