import {createElement} from 'react'
import {renderToStaticMarkup} from 'react-dom/server'
import {kstDate} from '#shared/korea-time.ts'
import {FORM_SOURCES, type FormSource} from '#shared/leads/lead.ts'
import {REGISTRATION_TIME_PATH} from '#shared/leads/registration-contract.ts'
import {VisitTimeList} from '#src/components/visits/VisitTimeList.tsx'
import {readVisitWindow} from '#src/lib/visits/slots.ts'
import {
  barePage,
  htmlPage,
  readFromSite,
  readGeneratedPage,
  writeInto,
  type PageReader,
} from '../generated-page.ts'
import {methodNotAllowed} from '../http.ts'
import {SLOT_DAYS_DEFAULT} from './handlers.ts'
import {SiteDirectory} from '../leads/sites.ts'
import {ModelHouses, type SiteHouse} from '../model-houses.ts'
import {openWindow} from './slots.ts'

/** The generated time page: a registration form whose time field is written in here. */
export const TIME_SHELL_PATH = `${REGISTRATION_TIME_PATH}/index.html`

const TIME_FIELD = /<div class="form-field visit-time-fallback">[\s\S]*?<\/div>/
const SITE_FIELD = /<input type="hidden" name="site" value="[^"]*"\/>/
const SOURCE_FIELD = /<input type="hidden" name="source" value="[^"]*"\/>/

const TITLE = '방문 시간 선택'

const hidden = (name: string, value: string) =>
  renderToStaticMarkup(createElement('input', {type: 'hidden', name, value}))
const note = (text: string) =>
  renderToStaticMarkup(createElement('p', {className: 'visit-picker-note'}, text))

const isSource = (value: string | null): value is FormSource =>
  (FORM_SOURCES as readonly (string | null)[]).includes(value)

/** The time field as served now: the times with their seats, or why there are none. */
async function timeField(entry: SiteHouse, now: number): Promise<string> {
  if (!entry.house)
    return note('이 현장은 지금 방문 예약을 받지 않습니다. 등록하시면 상담사가 연락드립니다.')
  try {
    const window = await openWindow(entry.site, entry.house, {
      now,
      from: kstDate(now),
      days: SLOT_DAYS_DEFAULT,
    })
    return renderToStaticMarkup(createElement(VisitTimeList, readVisitWindow(window)))
  } catch (error) {
    console.error('time page: the seats could not be read', error)
    return note(
      '예약 가능한 시간을 지금 불러오지 못했습니다. 시간 없이 등록하시면 상담사가 연락드려 방문 일정을 잡아 드립니다.',
    )
  }
}

const unavailable = () =>
  htmlPage(
    barePage(
      TITLE,
      '<p>지금은 이 화면을 열 수 없습니다. <a href="/">홈의 신청서</a>로 등록해 주세요.</p>',
    ),
    null,
    503,
  )

export interface TimePageDeps {
  clock?: () => number
  houses?: ModelHouses
  sites?: SiteDirectory
  readPage?: PageReader
}

/**
 * GET /registration/time?site=…&source=…: the registration form of a site (the default site's
 * without one) with the visit
 * times and the seats each has now, for a visitor without JavaScript. Never cached: the
 * seats are the point of the page.
 */
export function createTimePageHandler({
  clock = Date.now,
  houses = new ModelHouses(),
  sites = new SiteDirectory(),
  readPage = readFromSite,
}: TimePageDeps = {}) {
  return async (req: Request): Promise<Response> => {
    if (req.method !== 'GET') return methodNotAllowed(['GET'])
    const url = new URL(req.url)
    const requested = url.searchParams.get('source')
    const source = isSource(requested) ? requested : 'customer'
    let entry: SiteHouse | null
    try {
      // Without a site, the default site's: the page's own address names none.
      const requested = url.searchParams.get('site') || undefined
      const site = await sites.resolve(requested)
      entry = site.ok ? await houses.get(site.site) : null
    } catch (error) {
      console.error('time page: the sites could not be read', error)
      return unavailable()
    }
    if (!entry)
      return htmlPage(
        barePage(TITLE, '<p>찾는 현장이 없습니다. <a href="/">홈에서 다시 시작해 주세요.</a></p>'),
        null,
        404,
      )
    const shell = await readGeneratedPage(readPage, url, TIME_SHELL_PATH)
    const page =
      shell &&
      writeInto(shell.html, [
        [TIME_FIELD, await timeField(entry, clock())],
        [SITE_FIELD, hidden('site', entry.site)],
        [SOURCE_FIELD, hidden('source', source)],
      ])
    return page ? htmlPage(page, shell.headers) : unavailable()
  }
}
