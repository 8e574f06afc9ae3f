import {describe, expect, it} from 'vitest'
import {withModulePreloadsLast} from './module-preloads.ts'

describe('withModulePreloadsLast', () => {
  it('moves the module preload tags from the head to just before the module script', () => {
    const html =
      '<head><link rel="preload" href="/fonts/a.woff2" as="font"/><link rel="modulepreload" href="/assets/entry.client-1.js"/>' +
      '<link rel="modulepreload" href="/assets/root-2.js"/><link rel="stylesheet" href="/assets/root.css"/></head>' +
      '<body><main>…</main><script>window.__context = {};</script><script type="module" async="">import "/assets/root-2.js";</script></body>'
    expect(withModulePreloadsLast(html)).toBe(
      '<head><link rel="preload" href="/fonts/a.woff2" as="font"/><link rel="stylesheet" href="/assets/root.css"/></head>' +
        '<body><main>…</main><script>window.__context = {};</script>' +
        '<link rel="modulepreload" href="/assets/entry.client-1.js"/><link rel="modulepreload" href="/assets/root-2.js"/>' +
        '<script type="module" async="">import "/assets/root-2.js";</script></body>',
    )
  })

  it('leaves a page without a module script or preloads as it is', () => {
    expect(withModulePreloadsLast('<head></head><body><p>x</p></body>')).toBe('<head></head><body><p>x</p></body>')
  })
})
