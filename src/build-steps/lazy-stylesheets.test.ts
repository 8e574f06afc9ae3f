import {describe, expect, it} from 'vitest'
import {lazyChunkStylesheets, refuseLazyChunkStylesheets} from './lazy-stylesheets.ts'

describe('stylesheets of lazily loaded chunks', () => {
  it('names the stylesheets React Router marks as imported by a lazy chunk too', () => {
    const html =
      '<link rel="stylesheet" href="/assets/site-a1.css"/><link rel="stylesheet" href="/assets/forms-b2.css#"/>'
    expect(lazyChunkStylesheets(html)).toEqual(['/assets/forms-b2.css'])
  })

  it('finds none on a page whose stylesheets all load with it', () => {
    expect(
      lazyChunkStylesheets(
        '<link rel="stylesheet" href="/assets/site-a1.css"/><a href="/x.css#y">x</a>',
      ),
    ).toEqual([])
  })

  it('stops the build naming each page and stylesheet, and lets pages without one through', () => {
    const pages = new Map([
      ['/out/client/index.html', '<link rel="stylesheet" href="/assets/site-a1.css#"/>'],
      ['/out/client/privacy/index.html', '<link rel="stylesheet" href="/assets/site-a1.css"/>'],
      ['/out/client/assets/site-a1.css', 'a{}'],
    ])
    expect(() => refuseLazyChunkStylesheets('/out/client', pages)).toThrow(
      'index.html: /assets/site-a1.css',
    )
    pages.delete('/out/client/index.html')
    expect(() => refuseLazyChunkStylesheets('/out/client', pages)).not.toThrow()
  })
})
