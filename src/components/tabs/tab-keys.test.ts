import {describe, expect, it} from 'vitest'
import {tabIndexForKey} from './tab-keys.ts'

describe('tabIndexForKey', () => {
  it('wraps with the arrows and jumps with Home/End', () => {
    expect(tabIndexForKey('ArrowRight', 0, 2)).toBe(1)
    expect(tabIndexForKey('ArrowRight', 1, 2)).toBe(0)
    expect(tabIndexForKey('ArrowLeft', 0, 3)).toBe(2)
    expect(tabIndexForKey('Home', 2, 3)).toBe(0)
    expect(tabIndexForKey('End', 0, 3)).toBe(2)
  })

  it('ignores other keys', () => {
    expect(tabIndexForKey('ArrowDown', 0, 2)).toBeNull()
    expect(tabIndexForKey('Enter', 0, 2)).toBeNull()
  })
})
