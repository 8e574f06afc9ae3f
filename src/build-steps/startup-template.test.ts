import {describe, expect, it} from 'vitest'
import {holdStartup} from './startup-template.ts'

/** A page as React Router and React prerender it (shortened). */
const PRELOADS =
  '<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/>'
const CONTEXT =
  '<script>window.__reactRouterContext = {"ssr":false};window.__reactRouterContext.stream = new ReadableStream();</script>'
const MODULE =
  '<script type="module" async="">import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-3.js";\nimport("/assets/entry.client-2.js");</script>'
const DATA =
  '<!--$--><script>window.__reactRouterContext.streamController.enqueue("[1]");</script><!--$--><script>window.__reactRouterContext.streamController.close();</script><!--/$--><!--/$-->'
const HEAD = `<head><meta charSet="utf-8"/><title>홈</title>${PRELOADS}<link rel="stylesheet" href="/assets/site.css"/></head>`
const BODY =
  '<main><h1>홈</h1><img fetchPriority="high" src="/hero.jpg" alt=""/></main><dialog class="registration-popup"></dialog>'
const page = `<!DOCTYPE html><html lang="ko">${HEAD}<body>${BODY}${CONTEXT}${MODULE}${DATA}</body></html>`

describe('holdStartup', () => {
  it("moves React Router's preloads, scripts and data, unchanged and in order, into a template at the end of the body", () => {
    const held = holdStartup(page)
    expect(held).toBe(
      `<!DOCTYPE html><html lang="ko">${HEAD.replace(PRELOADS, '')}<body>${BODY}` +
        `<template id="react-router-startup">${PRELOADS}${CONTEXT}${MODULE}${DATA}</template></body></html>`,
    )
  })

  it('leaves the page itself as it is: the first screen needs none of it', () => {
    const held = holdStartup(page)
    const template = held.slice(held.indexOf('<template'), held.indexOf('</template>'))
    const outside = held.replace(template, '')
    expect(outside).toContain(BODY)
    expect(outside).toContain('<link rel="stylesheet" href="/assets/site.css"/>')
    expect(outside).not.toMatch(/modulepreload|<script/)
  })

  it('returns a page without a startup as it is', () => {
    const plain = '<!DOCTYPE html><html><head></head><body><p>robots</p></body></html>'
    expect(holdStartup(plain)).toBe(plain)
  })

  it('refuses a page whose startup it does not recognise, rather than break it', () => {
    expect(() => holdStartup(page.replace(CONTEXT, ''))).toThrow(/컨텍스트 스크립트/)
    expect(() => holdStartup(page.replace('</body>', `${MODULE}</body>`))).toThrow(
      /모듈 스크립트가 둘 이상/,
    )
    expect(() => holdStartup(page.replace(CONTEXT + MODULE, ''))).toThrow(
      /시작 스크립트가 없습니다/,
    )
  })
})
