// @vitest-environment jsdom
import {render, screen} from '@testing-library/react'
import {studioTheme, ThemeProvider} from '@sanity/ui'
import type {StringInputProps} from 'sanity'
import {describe, expect, it} from 'vitest'
import {TextTemplateInput} from './TextTemplateInput'

/** The input as the Studio draws it, with its own text area standing for the default input. */
function show(value: string | undefined) {
  const props = {
    value,
    renderDefault: () => <textarea aria-label="템플릿" defaultValue={value} />,
  } as unknown as StringInputProps
  return render(
    <ThemeProvider theme={studioTheme}>
      <TextTemplateInput {...props} />
    </ThemeProvider>,
  )
}

describe('the text template input', () => {
  it('shows the template filled with sample values, its bytes and SMS', () => {
    show('#{이름}님 #{주소}')
    expect(screen.getByLabelText('템플릿')).toBeTruthy()
    expect(screen.getByText('홍길동님 울산광역시 남구 삼산로 123')).toBeTruthy()
    expect(screen.getByText(/^35바이트 · SMS/)).toBeTruthy()
  })

  it('says LMS beyond 90 bytes', () => {
    show(`#{이름}님 ${'가'.repeat(40)} #{주소}`)
    expect(screen.getByText(/^116바이트 · LMS \(90바이트를 넘어/)).toBeTruthy()
  })

  it('asks for text while the template is empty', () => {
    show(undefined)
    expect(screen.getByText('내용을 입력하면 여기에 문자 모양으로 보입니다.')).toBeTruthy()
    expect(screen.getByText(/^0바이트 · SMS/)).toBeTruthy()
  })
})
