import {realpathSync} from 'node:fs'
import {createClient} from '@sanity/client'
import type {Frame} from 'playwright-core'
import {inject} from 'vitest'

/* What the Studio's preview files share: the lake as an editor writes to it, the site served. */

export const writer = createClient({
  projectId: 'lakeside',
  dataset: 'production',
  apiHost: inject('lakeUrl'),
  useProjectHostname: false,
  useCdn: false,
  apiVersion: '2025-02-19',
  token: inject('writeToken'),
})

/** The site's home page as a visitor's browser first gets it. */
export const homeHtml = () => fetch(`${inject('baseUrl')}/`).then((answer) => answer.text())

/** The folder the site is served from: it changes when a rebuild is swapped in. */
export const servedBuild = () => realpathSync(inject('clientDir'))

export const heroHeading = (frame: Pick<Frame, 'locator'>) => frame.locator('main h1').first()

/** The published home headline, which the files leave as they found it. */
export const publishedTitle = async () =>
  (await writer.fetch<string>('*[_id == "homePage"][0].hero.title')) ?? ''
