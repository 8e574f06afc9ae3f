// @vitest-environment jsdom
import {afterEach, describe, expect, it, vi} from 'vitest'
import {onRegistrationRequest, openRegistration} from './registration-popup.ts'

afterEach(() => {
  document.body.innerHTML = ''
})

describe('openRegistration', () => {
  it('answers false while no popup listens, so the caller follows its link', () => {
    expect(openRegistration('header')).toBe(false)
  })

  it('hands the request and its source to the mounted popup until it unmounts', () => {
    const popup = vi.fn()
    const unmount = onRegistrationRequest(popup)
    expect(openRegistration('mobile-bar')).toBe(true)
    expect(popup).toHaveBeenCalledWith('mobile-bar')
    unmount()
    expect(openRegistration('footer')).toBe(false)
    expect(popup).toHaveBeenCalledTimes(1)
  })
})

describe('a press held before the popup was ready', () => {
  it('tells the page script that the popup takes presses now, and no longer once it is gone', () => {
    const unmount = onRegistrationRequest(vi.fn())
    expect(document.documentElement.hasAttribute('data-popup-ready')).toBe(true)
    unmount()
    expect(document.documentElement.hasAttribute('data-popup-ready')).toBe(false)
  })

  it('opens the popup as it mounts, for the link pressed, which gets the focus back afterwards', () => {
    document.body.innerHTML = `
      <a href="/s/customer" data-registration="hero">관심고객 등록</a>
      <a href="/s/customer" data-registration="mobile-bar" data-press-held>방문예약</a>`
    const popup = vi.fn()
    const unmount = onRegistrationRequest(popup)
    const pressed = document.querySelector('[data-registration="mobile-bar"]')
    expect(popup).toHaveBeenCalledExactlyOnceWith('mobile-bar', pressed)
    expect(pressed!.hasAttribute('data-press-held')).toBe(false)
    unmount()
  })

  it('opens nothing when no press was held', () => {
    document.body.innerHTML = '<a href="/s/customer" data-registration="hero">관심고객 등록</a>'
    const popup = vi.fn()
    const unmount = onRegistrationRequest(popup)
    expect(popup).not.toHaveBeenCalled()
    unmount()
  })
})
