import {mkdir} from 'node:fs/promises'
import {join} from 'node:path'
import type {Locator} from 'playwright-core'
import {describe, expect, inject, it} from 'vitest'
import {openPage, VIEWPORTS, type TestPage, type ViewportName} from '../browser.ts'

const baseUrl = inject('baseUrl')

async function open(viewport: ViewportName, path: string): Promise<TestPage> {
  const page = await openPage(viewport)
  await page.goto(`${baseUrl}${path}`, {waitUntil: 'networkidle'})
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
  return page
}

/** With E2E_SCREENSHOTS set, keeps a picture of what was checked, for a person to look at. */
async function keepPicture(target: TestPage | Locator, name: string) {
  const folder = process.env.E2E_SCREENSHOTS
  if (!folder) return
  await mkdir(folder, {recursive: true})
  const path = join(folder, `${name}.png`)
  if ('goto' in target) await target.screenshot({path, fullPage: true})
  else await target.screenshot({path})
}

/** Waits until the picture has loaded (a lazy one once scrolled to) and answers whether it drew. */
const loaded = (image: Locator) =>
  image.evaluate(
    (element: HTMLImageElement) =>
      new Promise<boolean>((resolve) => {
        if (element.complete) resolve(element.naturalWidth > 0)
        element.addEventListener('load', () => resolve(true))
        element.addEventListener('error', () => resolve(false))
      }),
  )

/** Each term of a definition list with its value and both computed font sizes. */
const factRows = (list: Locator) =>
  list.locator('div').evaluateAll((rows) =>
    rows.map((row) => {
      const [term, value] = [row.querySelector('dt')!, row.querySelector('dd')!]
      const size = (element: Element) => parseFloat(getComputedStyle(element).fontSize)
      return {
        text: `${term.textContent} ${value.textContent}`,
        smallest: Math.min(size(term), size(value)),
      }
    }),
  )

describe.each(['desktop', 'narrow'] as const)('unit plans at %s', (viewport) => {
  it('gives 84A’s figures as page text that reads at this width, beside its plan', async () => {
    const page = await open(viewport, '/FloorPlan/84A')
    const figure = page.locator('figure.floor-plan')
    expect(await figure.locator('img').getAttribute('alt')).toMatch(/^84A 타입 평면도/)
    const rows = await factRows(figure.locator('dl.unit-facts'))
    expect(rows.map((row) => row.text)).toEqual([
      '전용면적 84.98㎡',
      '공급면적 112.41㎡',
      '세대수 210세대',
      '구성 방 3 · 욕실 2',
    ])
    for (const row of rows) expect(row.smallest, row.text).toBeGreaterThanOrEqual(14)
    expect(await figure.locator('dl.unit-facts').isVisible()).toBe(true)
    expect(await loaded(figure.locator('img'))).toBe(true)
    await keepPicture(page, `floor-plan-84A-${viewport}`)
    expect(page.consoleErrors).toEqual([])
    await page.context().close()
  })

  it('marks the types that come later in the sub-menu and the menu, as their pages say', async () => {
    const page = await open(viewport, '/FloorPlan/59A')
    expect(await page.getByText('준비 중입니다. 곧 공개됩니다.').isVisible()).toBe(true)
    // Its plan is not out, its size is: figures without households (none supplied yet).
    const rows = await factRows(page.locator('dl.unit-facts'))
    expect(rows.map((row) => row.text)).toEqual([
      '전용면적 59.97㎡',
      '공급면적 80.12㎡',
      '구성 방 3 · 욕실 2',
    ])
    const subNav = page.getByRole('navigation', {name: '하위 메뉴'})
    const names = await subNav
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.textContent))
    expect(names.slice(0, 5)).toEqual(['59A준비 중', '59B준비 중', '84A', '84B', '84C'])
    expect(await subNav.getByRole('link', {name: '59B 준비 중'}).isVisible()).toBe(true)
    // The menu (hidden until opened) marks the 59㎡ interior page the same way.
    const menuLinks = page.locator('header a[href="/Interior/59A"]')
    expect(await menuLinks.count()).toBeGreaterThan(0)
    for (const text of await menuLinks.allTextContents()) expect(text).toBe('59㎡준비 중')
    await keepPicture(page, `floor-plan-59A-${viewport}`)
    await page.context().close()
  })

  it('shows the home plan at a useful size under one heading', async () => {
    const page = await open(viewport, '/')
    const section = page.locator('#home-unit-plan')
    await section.scrollIntoViewIfNeeded()
    expect(await section.getByRole('heading', {level: 2}).allTextContents()).toEqual(['세대안내'])
    expect(await section.getByText('타입 안내', {exact: true}).count()).toBe(1)
    const measured = await section.evaluate((element) => {
      const style = getComputedStyle(element)
      const column =
        element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      const plan = element.querySelector('.unit-switcher__plan:not(.is-leaving) img')!
      return {
        column,
        plan: plan.getBoundingClientRect().width,
        height: element.getBoundingClientRect().height,
      }
    })
    if (viewport === 'desktop') {
      expect(measured.plan).toBeGreaterThanOrEqual(0.6 * measured.column)
      // One section per screen: the plan's size must not push the next section down.
      expect(measured.height).toBeLessThanOrEqual(VIEWPORTS.desktop.height)
    } else {
      expect(measured.plan).toBeGreaterThanOrEqual(0.9 * measured.column)
    }
    expect(await loaded(section.locator('.unit-switcher__plan img'))).toBe(true)
    const rows = await factRows(section.locator('dl.unit-facts'))
    expect(rows[0]?.text).toBe('전용면적 84.98㎡')
    for (const row of rows) expect(row.smallest, row.text).toBeGreaterThanOrEqual(14)
    await keepPicture(section, `home-unit-plan-${viewport}`)
    await page.context().close()
  })
})
