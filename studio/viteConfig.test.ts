import react from '@vitejs/plugin-react'
import {describe, expect, it} from 'vitest'
import {REFRESH_WRAPPER, studioViteConfig} from './viteConfig.ts'

describe('studioViteConfig', () => {
  it("inlines the project's env names for the browser bundle, undefined when unset", () => {
    const config = studioViteConfig(
      {define: {__KEEP__: '1'}},
      {SANITY_API_HOST: 'http://127.0.0.1:4310', SANITY_DATASET: ''},
    )
    expect(config.define).toEqual({
      __KEEP__: '1',
      'process.env.SANITY_PROJECT_ID': 'undefined',
      'process.env.SANITY_DATASET': '""',
      'process.env.SANITY_API_HOST': '"http://127.0.0.1:4310"',
      'process.env.LAKE_PORT': 'undefined',
      'process.env.SITE_URL': 'undefined',
      'process.env.PORT': 'undefined',
    })
  })

  it("keeps the dev server from reloading on the site's builds and local data", () => {
    expect(studioViteConfig({server: {watch: {usePolling: true}}}, {}).server).toEqual({
      watch: {usePolling: true, ignored: expect.arrayContaining(['**/build/**', '**/.data/**'])},
    })
  })

  it('drops only the React refresh wrapper, wherever it is nested', () => {
    const plugins = [
      {name: 'vite:react-babel'},
      [{name: 'vite:react:refresh-wrapper'}, {name: 'sanity/favicons'}],
    ]
    expect(studioViteConfig({plugins}, {}).plugins).toEqual([
      {name: 'vite:react-babel'},
      [false, {name: 'sanity/favicons'}],
    ])
  })

  it("finds @vitejs/plugin-react's refresh wrapper under the name it drops", () => {
    // The name is the plugin's own, not an API (docs/decisions/008-other-packages-internals.md).
    const names = [react()].flat(3).map((plugin) => (plugin as {name?: string}).name)
    expect(names, '@vitejs/plugin-react renamed its refresh wrapper: see viteConfig.ts').toContain(
      REFRESH_WRAPPER,
    )
  })
})
