import {describe, expect, it} from 'vitest'
import {leadSettings} from './lead-settings.ts'

describe('lead settings', () => {
  it('limits registrations to 60 per address by default, and takes 0 as "no limit"', () => {
    expect(leadSettings({}).rateLimit).toBe(60)
    expect(leadSettings({REGISTER_RATE_LIMIT: '25'}).rateLimit).toBe(25)
    expect(leadSettings({REGISTER_RATE_LIMIT: '0'}).rateLimit).toBe(0)
    expect(() => leadSettings({REGISTER_RATE_LIMIT: 'many'})).toThrow(
      'REGISTER_RATE_LIMIT: expected a whole number',
    )
  })

  it('texts a number 3 registrations per site a day by default, and takes 0 as "no limit"', () => {
    expect(leadSettings({}).phoneDailyLimit).toBe(3)
    expect(leadSettings({REGISTER_PHONE_DAILY_LIMIT: '5'}).phoneDailyLimit).toBe(5)
    expect(leadSettings({REGISTER_PHONE_DAILY_LIMIT: '0'}).phoneDailyLimit).toBe(0)
  })

  it('keeps leads 365 days unless told otherwise', () => {
    expect(leadSettings({}).retentionDays).toBe(365)
    expect(leadSettings({LEAD_RETENTION_DAYS: '30'}).retentionDays).toBe(30)
  })

  it('forwards with FORM_FORWARD_URL in production and locally', () => {
    const url = 'https://forms.example.com/leads'
    expect(leadSettings({FORM_FORWARD_URL: url})).toMatchObject({
      forwardUrl: url,
      forwarding: 'forward',
    })
    expect(leadSettings({FORM_FORWARD_URL: url, CONTEXT: 'production'}).forwarding).toBe('forward')
    expect(leadSettings({})).toMatchObject({forwardUrl: undefined, forwarding: 'not-configured'})
  })

  it('holds forwarding on deploy previews and branch deploys, whatever the URL', () => {
    for (const context of ['deploy-preview', 'branch-deploy'])
      expect(
        leadSettings({FORM_FORWARD_URL: 'https://forms.example.com/leads', CONTEXT: context}),
      ).toMatchObject({forwardUrl: undefined, forwarding: 'preview-held'})
  })
})
