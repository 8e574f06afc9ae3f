import {describe, expect, it} from 'vitest'
import {youtubeEmbedUrl} from './youtube.ts'

describe('youtubeEmbedUrl', () => {
  it('uses the privacy-enhanced host without related videos or looping', () => {
    const url = new URL(youtubeEmbedUrl('pL4kR8sQm2A'))
    expect(url.origin).toBe('https://www.youtube-nocookie.com')
    expect(url.pathname).toBe('/embed/pL4kR8sQm2A')
    expect(url.searchParams.get('rel')).toBe('0')
    expect(url.searchParams.has('loop')).toBe(false)
    expect(url.searchParams.has('autoplay')).toBe(false)
  })

  it('autoplays muted when asked', () => {
    const url = new URL(youtubeEmbedUrl('pL4kR8sQm2A', {autoplay: true, mute: true}))
    expect(url.searchParams.get('autoplay')).toBe('1')
    expect(url.searchParams.get('mute')).toBe('1')
  })

  it('escapes the id', () => {
    expect(youtubeEmbedUrl('a/b?c')).toContain('/embed/a%2Fb%3Fc?')
  })
})
