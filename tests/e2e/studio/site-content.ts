import {realpathSync} from 'node:fs'
import type {Frame} from 'playwright-core'
import {inject} from 'vitest'
import {lakeWriter} from '../lake-writer.ts'

/* What the Studio's preview files share: the site served and what it shows. */

/** The site's home page as a visitor's browser first gets it. */
export const homeHtml = () => fetch(`${inject('baseUrl')}/`).then((answer) => answer.text())

/** The folder the site is served from: it changes when a rebuild is swapped in. */
export const servedBuild = () => realpathSync(inject('clientDir'))

export const heroHeading = (frame: Pick<Frame, 'locator'>) => frame.locator('main h1').first()

/** The published home headline, which the files leave as they found it. */
export const publishedTitle = async () =>
  (await lakeWriter.fetch<string>('*[_id == "homePage"][0].hero.title')) ?? ''
