import {describe, expect, it} from 'vitest'
import {isError, isTrouble} from './service-output.ts'

const BUILD_FILE =
  'build/client/assets/FieldError-NMljdy70.js             0.31 kB │ gzip:   0.24 kB'

describe('which lines of the services’ output reach the console', () => {
  it('shows errors and failures, however they are named', () => {
    for (const line of [
      'Error: listen EADDRINUSE: address already in use :::8888',
      "TypeError: Cannot read properties of undefined (reading 'slug')",
      'Build failed with 1 error',
      '◈ Failed to load function register',
    ]) {
      expect(isError(line)).toBe(true)
      expect(isTrouble(line)).toBe(true)
    }
  })

  it('shows warnings where a person starts the site, not where errors alone are asked for', () => {
    expect(isTrouble('◈ Warning: the functions folder is missing')).toBe(true)
    expect(isError('◈ Warning: the functions folder is missing')).toBe(false)
  })

  it('hides the build’s list of files, even where a module is named after an error', () => {
    expect(isTrouble(BUILD_FILE)).toBe(false)
    expect(isError(BUILD_FILE)).toBe(false)
    expect(isTrouble('build/server/assets/FormError-D2kq1.js   0.20 kB')).toBe(false)
    expect(isTrouble('✓ 212 modules transformed.')).toBe(false)
  })

  it('hides the machine’s locale warning', () => {
    expect(isTrouble('bash: warning: setlocale: LC_ALL: cannot change locale (en_US.UTF-8)')).toBe(
      false,
    )
  })
})
