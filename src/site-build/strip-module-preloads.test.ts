import {describe, expect, it} from 'vitest'
import {withoutModulePreloads} from './strip-module-preloads.ts'

describe('withoutModulePreloads', () => {
  it('drops only the module preload tags', () => {
    const html =
      '<head><link rel="preload" href="/fonts/a.woff2" as="font"/><link rel="modulepreload" href="/assets/entry.client-1.js"/>' +
      '<link rel="modulepreload" href="/assets/root-2.js"/><link rel="stylesheet" href="/assets/root.css"/></head>' +
      '<body><script type="module" async="">import "/assets/entry.client-1.js";</script></body>'
    expect(withoutModulePreloads(html)).toBe(
      '<head><link rel="preload" href="/fonts/a.woff2" as="font"/><link rel="stylesheet" href="/assets/root.css"/></head>' +
        '<body><script type="module" async="">import "/assets/entry.client-1.js";</script></body>',
    )
  })
})
