import {describe, expect, it} from 'vitest'
import {pressContent, type TextBlock} from './press-content.ts'

function blocks(content: string): TextBlock[] {
  const result = pressContent(content)
  if (!result.ok) throw new Error(`refused ${result.scheme}`)
  return result.blocks
}

/** A block as `text[href]` pieces, for reading the links at a glance. */
function spelled(block: TextBlock | undefined): string {
  return (block?.children ?? [])
    .map((span) => {
      const link = block?.markDefs.find((mark) => span.marks.includes(mark._key))
      return link ? `${span.text}[${link.href}]` : span.text
    })
    .join('|')
}

describe('pressContent', () => {
  it('makes one paragraph per non-blank line, and keeps plain text plain', () => {
    const result = blocks('첫 줄\n\n  둘째 줄  \n시간: 10:00, 비고:없음, Note:text')
    expect(result.map(spelled)).toEqual(['첫 줄', '둘째 줄', '시간: 10:00, 비고:없음, Note:text'])
    expect(result.every((block) => block.markDefs.length === 0 && block.style === 'normal')).toBe(
      true,
    )
  })

  it('turns web, e-mail and phone addresses into links, leaving the sentence around them', () => {
    const [line] = blocks(
      '원문: https://news.example.kr/a?b=1. 문의는 ' +
        'mailto:press@soldam.example 또는 tel:1661-0440 으로.',
    )
    expect(spelled(line)).toBe(
      '원문: |https://news.example.kr/a?b=1[https://news.example.kr/a?b=1]|. ' +
        '문의는 |mailto:press@soldam.example[mailto:press@soldam.example]| ' +
        '또는 |tel:1661-0440[tel:1661-0440]| 으로.',
    )
    const [korean] = blocks(
      '자세한 내용은 https://soldam.example/notice에서 ' +
        '확인하세요 (https://en.example.org/wiki/Lake_(park)).',
    )
    expect(spelled(korean)).toBe(
      '자세한 내용은 |https://soldam.example/notice[https://soldam.example/notice]|에서 ' +
        '확인하세요 ' +
        '(|https://en.example.org/wiki/Lake_(park)[https://en.example.org/wiki/Lake_(park)]|).',
    )
    const keys = korean!.children.map((span) => span._key)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('refuses a script or data address however it is cased, and names its scheme', () => {
    for (const [content, scheme] of [
      ['여기를 누르세요 javascript:alert(document.cookie)', 'javascript'],
      ['(JaVaScRiPt:alert(1))', 'javascript'],
      ['둘째 줄\nvbscript:msgbox(1)', 'vbscript'],
      ['data:text/html;base64,PHNjcmlwdD4=', 'data'],
      ['file:///etc/passwd', 'file'],
    ]) {
      expect(pressContent(content as string), content).toEqual({ok: false, scheme})
    }
  })
})
