// @vitest-environment jsdom
import {describe, expect, it} from 'vitest'
import {focusableIn, trapTab} from './focus-trap.ts'

function panel(): HTMLElement {
  document.body.innerHTML = `
    <button id="outside">밖</button>
    <div id="panel">
      <button id="close">닫기</button>
      <a href="/a" id="first-link">A</a>
      <div hidden><a href="/hidden">숨김</a></div>
      <button disabled>비활성</button>
      <a href="/b" id="last-link">B</a>
    </div>`
  return document.getElementById('panel')!
}

function tab(container: HTMLElement, shiftKey = false) {
  let prevented = false
  const moved = trapTab(container, {key: 'Tab', shiftKey, preventDefault: () => (prevented = true)})
  return {moved, prevented, active: document.activeElement?.id}
}

describe('focus trap of the slide menu', () => {
  it('lists only what Tab can reach', () => {
    expect(focusableIn(panel()).map((element) => element.id)).toEqual([
      'close',
      'first-link',
      'last-link',
    ])
  })

  it('wraps Tab from the last stop to the first and Shift+Tab from the first to the last', () => {
    const container = panel()
    document.getElementById('last-link')!.focus()
    expect(tab(container)).toEqual({moved: true, prevented: true, active: 'close'})
    expect(tab(container, true)).toEqual({moved: true, prevented: true, active: 'last-link'})
  })

  it('leaves Tab alone between inner stops and pulls stray focus back in', () => {
    const container = panel()
    document.getElementById('close')!.focus()
    expect(tab(container)).toEqual({moved: false, prevented: false, active: 'close'})
    document.getElementById('outside')!.focus()
    expect(tab(container).active).toBe('close')
  })
})
