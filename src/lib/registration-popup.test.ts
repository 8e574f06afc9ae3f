import {describe, expect, it, vi} from 'vitest'
import {onRegistrationRequest, openRegistration} from './registration-popup.ts'

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
