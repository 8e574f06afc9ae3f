// @vitest-environment jsdom
import {render, screen} from '@testing-library/react'
import {studioTheme, ThemeProvider} from '@sanity/ui'
import type {StringInputProps} from 'sanity'
import {describe, expect, it} from 'vitest'
import {TextTemplateInput} from './TextTemplateInput.tsx'

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
  it('shows the template filled with sample values and the data page’s line, its bytes and LMS', () => {
    show('#{이름}님 #{주소}')
    expect(screen.getByLabelText('템플릿')).toBeTruthy()
    const preview = screen.getByText(/^홍길동님 울산광역시 남구 삼산로 123/)
    expect(preview.textContent).toBe(
      '홍길동님 울산광역시 남구 삼산로 123\n내 정보 확인·삭제: ' +
        'https://soldam.co.kr/ulsan-lakepark/my-info/q3Zt0Yk1mP8sXw2bR7cLdA9fHn4uVe6jTg5oKi0aB1Q',
    )
    // The line alone is past an SMS: every text to a visitor goes as an LMS.
    expect(screen.getByText(/^143바이트 · LMS \(90바이트를 넘어/)).toBeTruthy()
  })

  it('asks for text while the template is empty', () => {
    show(undefined)
    expect(screen.getByText('내용을 입력하면 여기에 문자 모양으로 보입니다.')).toBeTruthy()
    expect(screen.getByText(/^0바이트 · SMS/)).toBeTruthy()
  })
})
