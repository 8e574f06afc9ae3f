import {describe, expect, inject, it} from 'vitest'
import {kstDate} from '#shared/korea-time.ts'
import type {Stats} from '#shared/leads/stats.ts'
import {shortDay} from '#src/components/admin/stats-figures.ts'
import {keepScreenshot, openPage} from '../browser.ts'
import {signInOnPage, staffLeadsNamed, staffToken} from '../staff-token.ts'
import {uniqueName, uniquePhone} from './leads-page.ts'
import {bookVisitAt, bookVisitNow} from './visit-booking.ts'

/*
 * A marketing manager reads on the dashboard what became of a campaign's visits: one visitor
 * checked in at the door, one the no-show job marked, each counted in the visit results per
 * day and per campaign with its rate and counts.
 */

const site = inject('defaultSite')
const baseUrl = inject('baseUrl')
/** Two hours ago to the minute: the slot (an hour at most) ended over 30 minutes ago. */
/** A rate with its counts: `72% (18/25)`. */
const RATE = /^\d{1,3}% \(\d+\/\d+\)$/
const TWO_HOURS_AGO = `date_trunc('minute', now()) - interval '2 hours'`

const staffFetch = async (path: string, init: RequestInit = {}) =>
  fetch(`${baseUrl}${path}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await staffToken()}`,
      ...init.headers,
    },
  })

/** The campaign's row of the visit results, as the stats answer it. */
async function campaignResults(campaign: string) {
  const stats = (await (await staffFetch('/api/admin/stats')).json()) as Stats
  return stats.visits.byUtm.find((row) => row.utmCampaign === campaign)
}

describe.each(['desktop', 'narrow'] as const)('visit results on the dashboard (%s)', (viewport) => {
  it('shows the arrival and no-show rates of a campaign, from the door’s records', async () => {
    const campaign = uniqueName('결과')
    const attribution = {utmSource: 'naver', utmCampaign: campaign}
    const came = {name: uniqueName('방문'), phone: uniquePhone(), attribution}
    await bookVisitNow(site, came)
    await bookVisitAt(
      site,
      {name: uniqueName('노쇼'), phone: uniquePhone(), attribution},
      TWO_HOURS_AGO,
    )
    const [lead] = await staffLeadsNamed(came.name)
    const checkIn = await staffFetch('/api/admin/visits/check-in', {
      method: 'POST',
      body: JSON.stringify({visitId: lead!.id}),
    })
    expect(checkIn.status).toBe(200)
    // The scheduled job (every 2 s on the test stack) marks the visit of two hours ago.
    await expect
      .poll(() => campaignResults(campaign), {timeout: 30_000})
      .toMatchObject({due: 2, arrived: 1, noShows: 1})

    const page = await openPage(viewport)
    await page.goto(`${baseUrl}/admin/leads`)
    await signInOnPage(page)
    // The period's rates first, each with the counts it is made of.
    const results = page.getByRole('region', {name: '방문 결과'})
    await results.waitFor()
    for (const label of ['방문율', '노쇼율']) {
      const figure = results.locator('dl > div', {has: page.getByText(label, {exact: true})})
      expect(await figure.locator('dd').textContent()).toMatch(RATE)
    }
    // The campaign's row: of its two visits due, one came and one did not.
    const byCampaign = page.getByRole('table', {name: '캠페인별 방문·노쇼·대기'})
    const row = byCampaign.locator('tbody tr', {hasText: campaign})
    await row.waitFor()
    expect(await row.locator('td[data-label="방문율"]').textContent()).toBe('50% (1/2)')
    expect(await row.locator('td[data-label="노쇼율"]').textContent()).toBe('50% (1/2)')
    expect(await row.locator('td[data-label="대기 확정률"]').textContent()).toBe('-')
    // Per day: today's row rates what the door recorded, the chart beside it is drawn.
    const today = page
      .getByRole('table', {name: '일별 방문·노쇼·대기'})
      .locator('tbody tr', {hasText: shortDay(kstDate(Date.now()))})
    expect(await today.locator('td[data-label="방문율"]').textContent()).toMatch(RATE)
    await page
      .getByRole('img', {name: '일별 방문·노쇼·대기 그래프 (숫자는 아래 표)'})
      .locator('canvas')
      .first()
      .waitFor()
    await keepScreenshot(page, `visit-results-${viewport}`)
    await results.scrollIntoViewIfNeeded()
    await keepScreenshot(page, `visit-results-top-${viewport}`, {fullPage: false})
    await byCampaign.scrollIntoViewIfNeeded()
    await keepScreenshot(page, `visit-results-campaigns-${viewport}`, {fullPage: false})
    expect(page.consoleErrors).toEqual([])
    await page.context().close()
  })
})
