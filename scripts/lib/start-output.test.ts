import {describe, expect, it} from 'vitest'
import {isTrouble} from './start-output.ts'

describe('what npm start shows of the services’ output', () => {
  it('shows errors, warnings and failures', () => {
    expect(isTrouble('Error: listen EADDRINUSE: address already in use :::8888')).toBe(true)
    expect(isTrouble('◈ Warning: the functions folder is missing')).toBe(true)
    expect(isTrouble('Build failed with 1 error')).toBe(true)
    expect(isTrouble('2 warnings')).toBe(true)
  })

  it('hides the build’s module list, even where a module is named after an error', () => {
    expect(isTrouble('build/client/assets/FieldError-NMljdy70.js             0.31 kB │ gzip:   0.24 kB')).toBe(false)
    expect(isTrouble('build/client/assets/FormError-D2kq1.js   0.20 kB')).toBe(false)
    expect(isTrouble('✓ 212 modules transformed.')).toBe(false)
  })

  it('hides the machine’s locale warning', () => {
    expect(isTrouble('bash: warning: setlocale: LC_ALL: cannot change locale (en_US.UTF-8)')).toBe(false)
  })
})
