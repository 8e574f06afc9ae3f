import {describe, expect, it} from 'vitest'
import {isLinkHref, linkTarget} from './linkHref.ts'

describe('linkTarget', () => {
  it('accepts web addresses, e-mail and phone links and site paths, in any casing', () => {
    expect(linkTarget('https://www.example.com/a?b=1')).toEqual({
      kind: 'web',
      href: 'https://www.example.com/a?b=1',
    })
    expect(linkTarget('http://news.example.kr')).toEqual({
      kind: 'web',
      href: 'http://news.example.kr/',
    })
    expect(linkTarget(' HTTPS://Example.COM/Press ')).toEqual({
      kind: 'web',
      href: 'https://example.com/Press',
    })
    expect(linkTarget('mailto:press@soldam.example')).toEqual({
      kind: 'contact',
      href: 'mailto:press@soldam.example',
    })
    expect(linkTarget('TEL:1661-0440')).toEqual({kind: 'contact', href: 'tel:1661-0440'})
    expect(linkTarget('/Brand/intro')).toEqual({kind: 'site', href: '/Brand/intro'})
    expect(linkTarget('/')).toEqual({kind: 'site', href: '/'})
  })

  it('refuses every other scheme, however it is spelled', () => {
    const refused = [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      '  javascript:alert(1)',
      '\u00a0javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'java\rscript:alert(1)',
      '\u0000javascript:alert(1)',
      'javascript\u0000:alert(1)',
      '\u0001javascript:alert(1)',
      'jav&#x09;ascript:alert(1)',
      'javascript://%0aalert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'DATA:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'VBScript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://example.com/file',
      'blob:https://example.com/uuid',
    ]
    for (const link of refused) expect(linkTarget(link), JSON.stringify(link)).toBeNull()
  })

  it('refuses paths that leave the site, relative paths, broken addresses and non-text', () => {
    for (const link of [
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'Brand/intro',
      'https://exa mple.com',
      'https://',
      '',
      '   ',
      'https://example.com/\u0007',
    ]) {
      expect(linkTarget(link), JSON.stringify(link)).toBeNull()
    }
    for (const value of [undefined, null, 42, {href: 'https://example.com'}])
      expect(isLinkHref(value)).toBe(false)
  })
})
