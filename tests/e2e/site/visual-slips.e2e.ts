import {afterAll, describe, expect, inject, it} from 'vitest'
import {keepScreenshot, openPage, VIEWPORTS, type TestPage, type ViewportName} from '../browser.ts'
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

async function open(viewport: ViewportName, path: string): Promise<TestPage> {
  const page = await openPage(viewport)
  await page.goto(`${baseUrl}${path}`)
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
  return page
}

/**
 * Pages that tests only look at (boxes, styles, text; no press, key or scroll), opened once per
 * viewport and path and shared by the describe block that calls this, then closed after it. A
 * test that acts on its page opens its own.
 */
function pagesToLookAt(): (viewport: ViewportName, path: string) => Promise<TestPage> {
  const pages = new Map<string, Promise<TestPage>>()
  afterAll(async () => {
    for (const opened of await Promise.allSettled(pages.values()))
      if (opened.status === 'fulfilled') await opened.value.context().close()
  })
  return (viewport, path) => {
    const key = `${viewport} ${path}`
    if (!pages.has(key)) pages.set(key, open(viewport, path))
    return pages.get(key)!
  }
}

const VIEWPORT_NAMES = ['desktop', 'narrow'] as ViewportName[]

interface FactTableText {
  caption: string
  columns: string[]
  rows: string[][]
}

/** The caption, column names and row cells of tables as the page shows them. */
const tableTexts = (tables: Element[]): FactTableText[] =>
  tables.map((table) => ({
    caption: table.querySelector('caption')?.textContent ?? '',
    columns: [...table.querySelectorAll('thead th')].map((cell) => cell.textContent ?? ''),
    rows: [...table.querySelectorAll('tbody tr')].map((row) =>
      [...row.children].map((cell) => cell.textContent ?? ''),
    ),
  }))

/**
 * The pages whose facts lived only in a picture, each with facts a visitor looks for
 * (table, row, cell) and notes that must be in its disclaimers.
 */
const FACT_PAGES = [
  {
    path: '/BusinessGuide/documents',
    facts: [
      ['본인 계약 시', '신분증', '주민등록증, 운전면허증, 여권 중 1부'],
      ['본인 계약 시', '가족관계증명서', '상세 발급, 주민등록번호 뒷자리까지 표기된 것'],
      ['대리인 계약 시 추가 서류', '위임장', '계약자의 인감도장 날인 (계약 현장 비치)'],
    ],
    notes: ['모든 증명서는 입주자 모집공고일 이후 발급분만 인정됩니다.'],
  },
  {
    path: '/BusinessGuide/plan',
    facts: [
      ['솔담 레이크파크 입주자 모집 일정', '2. 청약접수', '인터넷·현장 접수'],
      ['솔담 레이크파크 입주자 모집 일정', '5. 계약', '임대차 계약 체결'],
      ['솔담 레이크파크 입주자 모집 일정', '6. 입주', '추후 공지'],
    ],
    notes: ['관심고객으로 등록하시면 일정이 확정되는 대로 가장 먼저 알려 드립니다.'],
  },
  {
    path: '/SalesInfo/SubscriptionGuide',
    facts: [
      ['입주부터 10년 뒤까지', '입주부터 10년', '보증금과 임대료 외 추가 부담 없이 거주'],
      [
        '임대 조건 네 가지',
        '임대료 상승률 5% 이내',
        '재계약 때 임대료 증액은 법정 상한 5% 이내로 제한됩니다.',
      ],
      [
        '신청하실 수 있는 분',
        '무주택 세대구성원',
        '모집공고일 기준 세대원 전원이 주택을 소유하지 않은 분',
      ],
    ],
    notes: [
      '임대 조건과 신청 자격의 세부 내용은 입주자 모집공고에 따르며, 관계 법령에 따라 달라질 수 있습니다.',
    ],
  },
]

describe.each(VIEWPORT_NAMES)('layout slips on %s', (viewport) => {
  const look = pagesToLookAt()

  it(
    "lays out the privacy page's consent table " + 'as label and value rows, one rule under each',
    async () => {
      const page = await look(viewport, '/privacy')
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
    },
  )

  it(
    "keeps the floor plan's zoom button off the " + 'plan (its scale bar) and inside the card',
    async () => {
      const page = await look(viewport, '/FloorPlan/84A')
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
    },
  )

  it.each([
    '/LocationEnvironment/intro',
    '/ComplexGuide/community',
    '/BusinessGuide/intro',
    '/FloorPlan/Emodel',
  ])('centres the heading and every line of the intro under it on %s', async (path) => {
    const page = await look(viewport, path)
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
  })

  it('shows "사업개요" once on the business page, as its heading', async () => {
    const page = await look(viewport, '/BusinessGuide/intro')
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
  })

  it.each(['/Brand/intro', '/privacy', '/ulsan-lakepark/press'])(
    "starts the footer at the content's left edge on %s",
    async (path) => {
      const page = await look(viewport, path)
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
      const page = await look(viewport, path)
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
    },
  )
})

describe.each(VIEWPORT_NAMES)('text is text on %s', (viewport) => {
  const look = pagesToLookAt()

  it(
    "renders the premium page's cards, themes and notice " +
      'as HTML text from the content, readable on the screen',
    async () => {
      const cards = await lakeQuery<Array<{title: string; text1: string}>>(
        '*[_type == "premiumCard"] | order(number asc){title, text1}',
      )
      const page = await look(viewport, '/LocationEnvironment/primium')
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
    },
  )

  it.each(FACT_PAGES)(
    'shows the facts of the picture on $path as readable text tables from the content',
    async ({path, facts, notes}) => {
      const lakeTables = await lakeQuery<FactTableText[]>(
        `*[_type == "page" && path == "${path}"][0].sections[defined(facts)].facts[]{
          caption, columns, "rows": rows[].cells
        }`,
      )
      const page = await look(viewport, path)
      const main = page.locator('main')
      await keepScreenshot(page, `facts${path.replaceAll('/', '-')}-${viewport}`)
      // Every table of the content is on the page, word for word.
      expect(lakeTables.length).toBeGreaterThan(0)
      expect(await main.locator('table.fact-table').evaluateAll(tableTexts)).toEqual(lakeTables)
      for (const [caption, item, detail] of facts) {
        const row = main
          .getByRole('table', {name: caption})
          .getByRole('row')
          .filter({has: page.getByRole('rowheader', {name: item, exact: true})})
        expect(await row.isVisible()).toBe(true)
        expect(await row.getByRole('cell').allTextContents()).toContain(detail)
      }
      const disclaimers = main.getByRole('list', {name: '유의사항'}).getByRole('listitem')
      expect(await disclaimers.allTextContents()).toEqual(expect.arrayContaining(notes))

      const layout = await main.locator('.page-body').evaluate((body) => {
        const sizes: number[] = []
        const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT)
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const element = node.parentElement!
          if (!node.textContent?.trim() || !element.closest('.page-section, .disclaimers')) continue
          sizes.push(Number.parseFloat(getComputedStyle(element).fontSize))
        }
        const cells = [...body.querySelectorAll('.fact-table td')] as HTMLElement[]
        const labels = cells.map((cell) => getComputedStyle(cell, '::before'))
        const tables = [...body.querySelectorAll('.fact-table')]
        return {
          smallest: Math.min(...sizes),
          smallestLabel: Math.min(...labels.map((label) => Number.parseFloat(label.fontSize))),
          labelsShown: cells.every(
            (cell, index) => labels[index]?.content === JSON.stringify(cell.dataset.label),
          ),
          widest: document.documentElement.scrollWidth,
          rightmost: Math.max(...tables.map((table) => table.getBoundingClientRect().right)),
        }
      })
      expect(layout.smallest).toBeGreaterThanOrEqual(14)
      expect(layout.widest).toBeLessThanOrEqual(VIEWPORTS[viewport].width)
      expect(layout.rightmost).toBeLessThanOrEqual(VIEWPORTS[viewport].width)
      // A phone names each cell by its column, the header row being out of sight.
      if (viewport === 'narrow') {
        expect(layout.smallestLabel).toBeGreaterThanOrEqual(14)
        expect(layout.labelsShown).toBe(true)
      }
      // The picture stays, below the text, as an illustration of it.
      const picture = main.locator('.page-section img').last()
      expect(await picture.getAttribute('alt')).toContain('위')
      expect(
        await main
          .locator('table.fact-table')
          .last()
          .evaluate(
            (table, image) =>
              Boolean(table.compareDocumentPosition(image!) & Node.DOCUMENT_POSITION_FOLLOWING),
            await picture.elementHandle(),
          ),
      ).toBe(true)
    },
  )

  it('states one rule for certificates: issued after the notice date', async () => {
    const page = await look(viewport, '/BusinessGuide/documents')
    const text = await page.locator('main').innerText()
    expect(text.match(/입주자 모집공고일 이후 발급분/g)).toHaveLength(1)
    expect(text).not.toMatch(/1개월 이내/)
  })

  it("puts the rental guide's own facts before its parts on other pages", async () => {
    const page = await look(viewport, '/SalesInfo/SubscriptionGuide')
    const facts = page.locator('main').getByRole('table', {name: '신청하실 수 있는 분'})
    const part = page.locator('main').getByRole('region', {name: '인터넷 청약 안내'})
    expect(
      await facts.evaluate(
        (table, region) =>
          Boolean(table.compareDocumentPosition(region!) & Node.DOCUMENT_POSITION_FOLLOWING),
        await part.elementHandle(),
      ),
    ).toBe(true)
  })

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
