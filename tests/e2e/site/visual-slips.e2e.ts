import {describe, expect, inject, it} from 'vitest'
import {browserForFile, openPage, VIEWPORTS, type TestPage, type ViewportName} from '../browser.ts'
import {focusWhenGoneMatches, watchFocusWhenGone} from '../keyboard.ts'

/*
 * What a visitor sees, measured in the laid-out page (boxes and computed styles, never
 * pixels): each test would have caught a slip a visitor or a design lead had found.
 */

const baseUrl = inject('baseUrl')
const lakeUrl = inject('lakeUrl')

async function lakeQuery<T>(query: string): Promise<T> {
  const answer = await fetch(
    `${lakeUrl}/v2025-02-19/data/query/production?query=${encodeURIComponent(query)}`,
  )
  return ((await answer.json()) as {result: T}).result
}

const browser = browserForFile()

async function open(viewport: ViewportName, path: string): Promise<TestPage> {
  const page = await openPage(browser(), viewport)
  await page.goto(`${baseUrl}${path}`)
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
  return page
}

const VIEWPORT_NAMES = ['desktop', 'narrow'] as ViewportName[]

describe.each(VIEWPORT_NAMES)('layout slips on %s', (viewport) => {
  it(
    "lays out the privacy page's consent table " + 'as label and value rows, one rule under each',
    async () => {
      const page = await open(viewport, '/privacy')
      const rows = await page.locator('.privacy-consent > div').evaluateAll((elements) =>
        elements.map((row) => {
          const dt = row.querySelector('dt')!.getBoundingClientRect()
          const dd = row.querySelector('dd')!.getBoundingClientRect()
          const inner = [...row.querySelectorAll('dd *')].map((element) =>
            getComputedStyle(element),
          )
          return {
            row: row.getBoundingClientRect().width,
            rowRule: Number.parseFloat(getComputedStyle(row).borderBottomWidth),
            dt: {left: dt.left, top: dt.top, bottom: dt.bottom},
            dd: {left: dd.left, top: dd.top, width: dd.width},
            innerGrids: inner.filter((style) => style.display === 'grid').length,
            innerRules: inner.filter((style) => Number.parseFloat(style.borderBottomWidth) > 0)
              .length,
          }
        }),
      )
      expect(rows).toHaveLength(4)
      for (const row of rows) {
        // The row alone draws the rule and the grid; nothing inside its value does.
        expect(row.rowRule).toBeGreaterThan(0)
        expect(row.innerGrids).toBe(0)
        expect(row.innerRules).toBe(0)
        if (viewport === 'desktop') {
          // The value beside its label, on the label's line, with most of the row to itself.
          expect(Math.abs(row.dd.top - row.dt.top)).toBeLessThanOrEqual(2)
          expect(row.dd.left).toBeGreaterThan(row.dt.left)
          expect(row.dd.width).toBeGreaterThanOrEqual(row.row * 0.7)
        } else {
          // The value under its label, the row's full width.
          expect(row.dd.top).toBeGreaterThanOrEqual(row.dt.bottom - 1)
          expect(Math.abs(row.dd.left - row.dt.left)).toBeLessThanOrEqual(1)
          expect(row.dd.width).toBeGreaterThanOrEqual(row.row * 0.9)
        }
      }
      await page.context().close()
    },
  )

  it(
    "keeps the floor plan's zoom button off the " + 'plan (its scale bar) and inside the card',
    async () => {
      const page = await open(viewport, '/FloorPlan/84A')
      const boxes = await page.locator('.floor-plan').evaluate((card) => {
        const box = (element: Element | null) => {
          const rect = element!.getBoundingClientRect()
          return {left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom}
        }
        return {
          card: box(card),
          plan: box(card.querySelector('.zoom-open img')),
          label: box(card.querySelector('.zoom-open-label')),
        }
      })
      expect(await page.locator('.floor-plan .zoom-open-label').innerText()).toBe(
        '평면도 크게 보기',
      )
      expect(boxes.label.top).toBeGreaterThanOrEqual(boxes.plan.bottom)
      expect(boxes.label.left).toBeGreaterThanOrEqual(boxes.card.left)
      expect(boxes.label.right).toBeLessThanOrEqual(boxes.card.right)
      expect(boxes.label.bottom).toBeLessThanOrEqual(boxes.card.bottom)
      expect(boxes.card.right).toBeLessThanOrEqual(VIEWPORTS[viewport].width)
      await page.context().close()
    },
  )

  it.each([
    '/LocationEnvironment/intro',
    '/ComplexGuide/community',
    '/BusinessGuide/intro',
    '/FloorPlan/Emodel',
  ])('centres the heading and every line of the intro under it on %s', async (path) => {
    const page = await open(viewport, path)
    const centres = await page.locator('main .page-body').evaluate((body) => {
      // Where the words are drawn, line by line: the text's own boxes, not its element's.
      const lineCentres = (element: Element) => {
        const range = document.createRange()
        range.selectNodeContents(element)
        return [...range.getClientRects()]
          .filter((rect) => rect.width > 0)
          .map((rect) => rect.left + rect.width / 2)
      }
      const heading = body.querySelector('.page-title')!
      const intro = body.querySelector('.page-intro')!
      return {
        heading: lineCentres(heading),
        intro: [...intro.querySelectorAll('p')].flatMap(lineCentres),
      }
    })
    expect(centres.heading.length).toBeGreaterThan(0)
    expect(centres.intro.length).toBeGreaterThan(0)
    const axis = centres.heading[0]!
    for (const centre of [...centres.heading, ...centres.intro])
      expect(Math.abs(centre - axis)).toBeLessThanOrEqual(4)
    await page.context().close()
  })

  it('shows "사업개요" once on the business page, as its heading', async () => {
    const page = await open(viewport, '/BusinessGuide/intro')
    const shown = await page.locator('main').evaluate((main) => {
      const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT)
      const found: string[] = []
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.parentElement!
        if (node.textContent?.trim() !== '사업개요' || element.closest('nav')) continue
        const rect = element.getBoundingClientRect()
        const clipped = getComputedStyle(element).clip.startsWith('rect(0')
        if (rect.width > 1 && rect.height > 1 && !clipped)
          found.push(`${element.tagName}.${element.className}`)
      }
      return found
    })
    expect(shown).toEqual(['H2.page-title'])
    // The overview table keeps its name for screen readers.
    expect(await page.getByRole('table', {name: '사업개요'}).count()).toBe(1)
    await page.context().close()
  })

  it.each(['/Brand/intro', '/privacy', '/ulsan-lakepark/press'])(
    "starts the footer at the content's left edge on %s",
    async (path) => {
      const page = await open(viewport, path)
      const edges = await page.evaluate(() => {
        const contentLeft = (element: Element) => {
          const style = getComputedStyle(element)
          return (
            element.getBoundingClientRect().left +
            Number.parseFloat(style.paddingLeft) +
            Number.parseFloat(style.borderLeftWidth)
          )
        }
        const content = document.querySelector('main .page-body, main .site-page')!
        return {
          content: contentLeft(content),
          footer: contentLeft(document.querySelector('.footer-inner')!),
          footerName: document.querySelector('.footer-name')!.getBoundingClientRect().left,
        }
      })
      expect(Math.abs(edges.footer - edges.content)).toBeLessThanOrEqual(1)
      expect(Math.abs(edges.footerName - edges.content)).toBeLessThanOrEqual(1)
      if (viewport === 'desktop') expect(edges.content).toBeGreaterThan(100)
      await page.context().close()
    },
  )

  it.each([
    '/Brand/intro',
    '/LocationEnvironment/intro',
    '/ComplexGuide/community',
    '/BusinessGuide/intro',
  ])(
    "keeps the page header's words at 4.5:1 or more over " +
      'the lightest the picture behind them can be on %s',
    async (path) => {
      const page = await open(viewport, path)
      // The banner has risen into place (its entrance animation sets the opacity).
      await expect
        .poll(() =>
          page.locator('.title-banner').evaluate((banner) => getComputedStyle(banner).opacity),
        )
        .toBe('1')
      const worst = await page.locator('.title-banner').evaluate((banner) => {
        const rgba = (value: string) => {
          const [r, g, b, a = 1] = value.match(/[\d.]+/g)!.map(Number)
          return {r: r!, g: g!, b: b!, a}
        }
        const luminance = ({r, g, b}: {r: number; g: number; b: number}) => {
          const channel = (value: number) => {
            const s = value / 255
            return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
          }
          return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
        }
        const ground = rgba(getComputedStyle(banner).backgroundColor)
        const image = banner.querySelector('.title-banner-image')
        // A picture's lightest pixel is white: drawn at its opacity over the banner's ground.
        const shown = image ? Number(getComputedStyle(image).opacity) : 0
        const lightest = {
          r: 255 * shown + ground.r * (1 - shown),
          g: 255 * shown + ground.g * (1 - shown),
          b: 255 * shown + ground.b * (1 - shown),
        }
        const words = [...banner.querySelectorAll('h1, p')]
        return words.map((element) => {
          const text = rgba(getComputedStyle(element).color)
          const [light, dark] = [luminance(text), luminance(lightest)].sort((x, y) => y - x)
          return {text: element.textContent, alpha: text.a, ratio: (light! + 0.05) / (dark! + 0.05)}
        })
      })
      expect(worst.length).toBeGreaterThanOrEqual(2)
      for (const words of worst) {
        expect(words.alpha).toBe(1)
        expect(words.ratio, String(words.text)).toBeGreaterThanOrEqual(4.5)
      }
      await page.context().close()
    },
  )
})

describe.each(VIEWPORT_NAMES)('text is text on %s', (viewport) => {
  it(
    "renders the premium page's cards, themes and notice " +
      'as HTML text from the content, readable on the screen',
    async () => {
      const cards = await lakeQuery<Array<{title: string; text1: string}>>(
        '*[_type == "premiumCard"] | order(number asc){title, text1}',
      )
      const page = await open(viewport, '/LocationEnvironment/primium')
      expect(cards.length).toBeGreaterThan(0)
      expect(await page.locator('.premium-feature__title').allInnerTexts()).toEqual(
        cards.map((card) => card.title),
      )
      for (const card of cards) expect(await page.locator('main').innerText()).toContain(card.text1)
      expect(await page.locator('.premium-theme__title').count()).toBeGreaterThan(0)
      expect(await page.locator('main').innerText()).toContain('실제와 다를 수 있습니다')

      const text = await page.locator('main .page-body').evaluate((body) => {
        const sizes: number[] = []
        const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT)
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const element = node.parentElement!
          if (!node.textContent?.trim() || element.closest('.visually-hidden, nav')) continue
          sizes.push(Number.parseFloat(getComputedStyle(element).fontSize))
        }
        return {smallest: Math.min(...sizes), widest: document.documentElement.scrollWidth}
      })
      expect(text.smallest).toBeGreaterThanOrEqual(14)
      expect(text.widest).toBeLessThanOrEqual(VIEWPORTS[viewport].width)
      // The pictures only illustrate: each card's picture names what it shows, none is a page of
      // text.
      const pictures = await page
        .locator('.premium-feature__image')
        .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).alt))
      expect(pictures).toHaveLength(cards.length)
      for (const alt of pictures) expect(alt.length).toBeGreaterThan(0)
      await page.context().close()
    },
  )

  it.each([
    ['/LocationEnvironment/intro', '입지환경도'],
    ['/ComplexGuide/intro', '단지배치도'],
    ['/ComplexGuide/detailintro', '호수조망 배치도'],
  ])(
    'opens the map of %s in the zoom viewer, which zooms and closes back to it',
    async (path, title) => {
      const page = await open(viewport, path)
      const opener = page
        .locator('main .zoom-open')
        .filter({has: page.locator(`img[alt^="${title}"]`)})
      expect(await opener.count()).toBe(1)
      await opener.scrollIntoViewIfNeeded()
      if (viewport === 'narrow') await opener.tap()
      else await opener.click()
      const dialog = page.getByRole('dialog', {name: title})
      await dialog.waitFor()
      expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(true)
      await expect
        .poll(() =>
          dialog
            .locator('.zoom-canvas img')
            .evaluate((image) => (image as HTMLImageElement).naturalWidth),
        )
        .toBeGreaterThan(0)
      const scale = () => dialog.locator('.zoom-viewport').getAttribute('data-scale').then(Number)
      await dialog.getByRole('button', {name: '확대'}).click()
      expect(await scale()).toBeGreaterThan(1)

      await watchFocusWhenGone(page, 'dialog.zoom-dialog')
      if (viewport === 'narrow') await dialog.getByRole('button', {name: '닫기'}).tap()
      else await page.keyboard.press('Escape')
      await dialog.waitFor({state: 'detached'})
      expect(new URL(page.url()).pathname).toBe(path)
      if (viewport === 'desktop') expect(await focusWhenGoneMatches(page, '.zoom-open')).toBe(true)
      expect(page.consoleErrors).toEqual([])
      await page.context().close()
    },
  )
})

describe('the header banner and press in the menus', () => {
  it("sets the header banner's words as text beside its picture", async () => {
    const banner = await lakeQuery<{title: string; text: string}>(
      '*[_id == "siteSettings"][0].headerBanner{title, text}',
    )
    const page = await open('desktop', '/Brand/intro')
    const link = page.locator('header a.header-banner')
    expect(await link.isVisible()).toBe(true)
    expect(await link.locator('.header-banner-text strong').innerText()).toBe(banner.title)
    expect(await link.locator('.header-banner-text > span').innerText()).toBe(banner.text)
    const sizes = await link
      .locator('.header-banner-text *')
      .evaluateAll((elements) =>
        elements.map((element) => Number.parseFloat(getComputedStyle(element).fontSize)),
      )
    for (const size of sizes) expect(size).toBeGreaterThanOrEqual(11)
    expect(await link.locator('img').getAttribute('alt')).toBe('')
    await page.context().close()
  })

  it('reaches 보도자료 from the desktop menu under 홍보센터', async () => {
    const page = await open('desktop', '/Brand/intro')
    const group = page
      .locator('.gnb-item')
      .filter({has: page.getByRole('button', {name: '홍보센터'})})
    await group.hover()
    const press = group.getByRole('link', {name: '보도자료'})
    await expect.poll(() => press.isVisible()).toBe(true)
    expect(await group.getByRole('link').allInnerTexts()).toEqual(['방문예약 등록', '보도자료'])
    await press.click()
    await page.waitForURL(/\/ulsan-lakepark\/press$/)
    // The address changes first, the page it leads to is drawn after.
    await expect.poll(() => page.getByRole('heading', {level: 1}).innerText()).toBe('보도자료')
    await page.context().close()
  })

  it('reaches 보도자료 from the slide menu, which repeats no button under 홍보센터', async () => {
    const page = await open('narrow', '/Brand/intro')
    await page.locator('button.hamburger').tap()
    const menu = page.locator('.mobile-menu')
    await expect.poll(() => menu.isVisible()).toBe(true)
    const group = menu.locator('.mobile-menu-groups > li').filter({hasText: '홍보센터'})
    expect(await group.getByRole('link').allInnerTexts()).toEqual(['방문예약 등록', '보도자료'])
    expect(await menu.getByRole('link', {name: '방문예약 등록'}).count()).toBe(1)
    await group.getByRole('link', {name: '보도자료'}).tap()
    await page.waitForURL(/\/ulsan-lakepark\/press$/)
    // The address changes first, the page it leads to is drawn after.
    await expect.poll(() => page.getByRole('heading', {level: 1}).innerText()).toBe('보도자료')
    await page.context().close()
  })
})
