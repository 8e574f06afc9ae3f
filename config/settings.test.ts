import {readFileSync} from 'node:fs'
import {describe, expect, it} from 'vitest'
import {
  checkSettings,
  readConfig,
  readSettings,
  SETTING_NAMES,
  SETTINGS,
  setting,
  SettingsError,
} from './settings.ts'

describe('readConfig API host', () => {
  it('uses the local lake when no Sanity project is configured', () => {
    expect(readConfig({}).apiHost).toBe('http://127.0.0.1:4010')
    expect(readConfig({LAKE_PORT: '4310'}).apiHost).toBe('http://127.0.0.1:4310')
  })

  it("uses Sanity's hosted API for a real project with no host set, or an empty host", () => {
    expect(readConfig({SANITY_PROJECT_ID: 'abc123'}).apiHost).toBeUndefined()
    expect(readConfig({SANITY_API_HOST: ''}).apiHost).toBeUndefined()
  })

  it('uses a host that is set', () => {
    expect(
      readConfig({SANITY_PROJECT_ID: 'abc123', SANITY_API_HOST: 'http://127.0.0.1:5000'}).apiHost,
    ).toBe('http://127.0.0.1:5000')
  })
})

describe('the settings', () => {
  it('have their defaults in an empty environment, and empty values count as unset', () => {
    for (const env of [{}, Object.fromEntries(SETTING_NAMES.map((name) => [name, ' ']))]) {
      const settings = readSettings(env)
      expect(settings.PORT).toBe(8888)
      expect(settings.REGISTER_RATE_LIMIT).toBe(60)
      expect(settings.STAFF_IDLE_MINUTES).toBe(30)
      expect(settings.SMS_PROVIDER).toBe('local')
      expect(settings.LAKE_CORS_ORIGINS).toEqual([])
      expect(settings.FORM_FORWARD_URL).toBeUndefined()
    }
    expect(readConfig({}).siteUrl).toBe('http://localhost:8888')
    expect(readConfig({PORT: '9000', SITE_URL: 'https://www.example.com/'}).siteUrl).toBe(
      'https://www.example.com',
    )
  })

  it('parse what is set: numbers, lists, choices, trimmed text', () => {
    const settings = readSettings({
      REGISTER_RATE_LIMIT: ' 0 ',
      LAKE_CORS_ORIGINS: 'https://a.example, ,https://b.example',
      SMS_PROVIDER: 'solapi',
      SMS_SENDER: ' 1661-0440 ',
    })
    expect(settings.REGISTER_RATE_LIMIT).toBe(0)
    expect(settings.LAKE_CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example'])
    expect(settings.SMS_PROVIDER).toBe('solapi')
    expect(settings.SMS_SENDER).toBe('1661-0440')
  })

  it('refuse a wrong number with the variable and what it expects', () => {
    expect(() => setting('REGISTER_RATE_LIMIT', {REGISTER_RATE_LIMIT: 'sixty'})).toThrow(
      'REGISTER_RATE_LIMIT: expected a whole number from 0 to 1000000, not "sixty"',
    )
    expect(() => setting('SIGN_IN_RATE_LIMIT', {SIGN_IN_RATE_LIMIT: '0'})).toThrow(
      /SIGN_IN_RATE_LIMIT: expected a whole number from 1 to/,
    )
    expect(() => setting('PORT', {PORT: '8888.5'})).toThrow(/PORT: expected a whole number/)
    expect(() => setting('PORT', {PORT: '70000'})).toThrow(/from 1 to 65535, not "70000"/)
  })

  it('refuse every wrong value at once, never repeating a secret or an address', () => {
    const read = () =>
      readSettings({
        PORT: '-1',
        SMS_PROVIDER: 'kakao',
        FORM_FORWARD_URL: 'hooks.example.com/secret-path',
      })
    expect(read).toThrow(SettingsError)
    const message = (() => {
      try {
        read()
      } catch (error) {
        return (error as Error).message
      }
    })()
    expect(message).toContain('PORT: expected a whole number from 1 to 65535, not "-1"')
    expect(message).toContain('SMS_PROVIDER: expected one of local, solapi, not "kakao"')
    expect(message).toContain('FORM_FORWARD_URL: expected an http(s) address')
    expect(message).not.toContain('secret-path')
  })

  it('read one setting without judging the others', () => {
    expect(setting('REGISTER_RATE_LIMIT', {REGISTER_RATE_LIMIT: '5', PORT: 'x'})).toBe(5)
  })
})

const PRODUCTION_REQUIRED = SETTING_NAMES.filter((name) => SETTINGS[name].production === 'required')

describe('checkSettings', () => {
  const complete = Object.fromEntries(
    PRODUCTION_REQUIRED.map((name) => [
      name,
      name.endsWith('_URL')
        ? 'https://hooks.example.com/1'
        : name === 'SMS_PROVIDER'
          ? 'solapi'
          : 'x',
    ]),
  )

  it('lets a local start run with none of the production settings', () => {
    expect(checkSettings({}).PORT).toBe(8888)
    expect(checkSettings({CONTEXT: 'deploy-preview'}).SMS_PROVIDER).toBe('local')
    // netlify-cli's `serve` builds in an imitation of the production context.
    expect(checkSettings({CONTEXT: 'production', NETLIFY_LOCAL: 'true'}).PORT).toBe(8888)
  })

  it('refuses a production context missing what production requires, naming each', () => {
    expect(PRODUCTION_REQUIRED).toEqual(
      expect.arrayContaining(['AUTH_SECRET', 'SITE_URL', 'FORM_FORWARD_URL', 'ADMIN_USERS']),
    )
    expect(checkSettings({...complete, CONTEXT: 'production'}).SMS_PROVIDER).toBe('solapi')
    const {AUTH_SECRET: _secret, SITE_URL: _site, ...missingTwo} = complete
    expect(() => checkSettings({...missingTwo, CONTEXT: 'production'})).toThrow(
      /SITE_URL: production requires it\n.*AUTH_SECRET: production requires it/s,
    )
  })

  it("requires SOLAPI's account and sender in production only when texts go through SOLAPI", () => {
    const local = {
      ...complete,
      SMS_PROVIDER: 'local',
      SOLAPI_API_KEY: undefined,
      SOLAPI_API_SECRET: undefined,
      SMS_SENDER: undefined,
    }
    expect(checkSettings({...local, CONTEXT: 'production'}).SMS_PROVIDER).toBe('local')
    expect(() => checkSettings({...local, SMS_PROVIDER: 'solapi', CONTEXT: 'production'})).toThrow(
      /SOLAPI_API_KEY: production requires it\n.*SOLAPI_API_SECRET.*\n.*SMS_SENDER: production/s,
    )
  })

  it('refuses the local-only administrator and scheduler in production', () => {
    expect(() => checkSettings({...complete, CONTEXT: 'production', ADMIN_PASSWORD: 'pw'})).toThrow(
      'ADMIN_PASSWORD: only for a local stack, never set in production',
    )
    expect(checkSettings({...complete, CONTEXT: 'dev', LOCAL_SCHEDULER: '1'}).LOCAL_SCHEDULER).toBe(
      '1',
    )
  })

  it('reports wrong values and missing ones together', () => {
    expect(() => checkSettings({CONTEXT: 'production', STAFF_IDLE_MINUTES: '1'})).toThrow(
      /STAFF_IDLE_MINUTES: expected[^]*AUTH_SECRET: production requires it/,
    )
  })
})

describe('.env.example', () => {
  const example = readFileSync(new URL('../.env.example', import.meta.url), 'utf8')
  // Every `NAME=` line, set or commented out.
  const listed = [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1])

  it('lists every setting of the schema once, and nothing else', () => {
    expect(new Set(listed).size).toBe(listed.length)
    expect([...listed].sort()).toEqual([...SETTING_NAMES].sort())
  })
})
