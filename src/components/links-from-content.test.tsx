// @vitest-environment jsdom
import {PortableText} from '@portabletext/react'
import {render} from '@testing-library/react'
import {createMemoryRouter, RouterProvider} from 'react-router'
import {describe, expect, it} from 'vitest'
import {ContentLink} from './home/ContentLink.tsx'
import {PressBody} from './press/PressBody.tsx'
import {richTextComponents} from './rich-text.tsx'

// Addresses a post or a page written through the API could hold, and what a visitor must get.
const ALLOWED: Array<[string, string]> = [
  ['https://news.example.kr/a?b=1', 'https://news.example.kr/a?b=1'],
  [' HTTPS://News.Example.KR ', 'https://news.example.kr/'],
  ['mailto:press@soldam.example', 'mailto:press@soldam.example'],
  ['tel:1661-0440', 'tel:1661-0440'],
  ['/Brand/intro', '/Brand/intro'],
]
const REFUSED = [
  'javascript:alert(document.domain)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  '\u0001javascript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  '//evil.example/',
]

function linkedBlock(href: string) {
  return [
    {
      _type: 'block',
      _key: 'b',
      style: 'normal',
      markDefs: [{_type: 'link', _key: 'l', href}],
      children: [
        {_type: 'span', _key: 's1', text: '원문 ', marks: []},
        {_type: 'span', _key: 's2', text: '기사 보기', marks: ['l']},
      ],
    },
  ]
}

function inRouter(element: React.ReactNode) {
  return render(<RouterProvider router={createMemoryRouter([{path: '*', element}])} />)
}

describe('links from content', () => {
  it('press posts and rich text link only to web, e-mail, phone and site addresses', () => {
    for (const [href, expected] of ALLOWED) {
      const {container, unmount} = render(<PressBody content={linkedBlock(href) as never} />)
      expect(container.querySelector('a')?.getAttribute('href'), href).toBe(expected)
      unmount()
    }
    const web = render(
      <PortableText
        value={linkedBlock('https://news.example.kr/')}
        components={richTextComponents}
      />,
    )
    expect(web.container.querySelector('a')?.getAttribute('target')).toBe('_blank')
    expect(web.container.querySelector('a')?.textContent).toBe('기사 보기 (새 창)')
    web.unmount()
  })

  it('press posts and rich text show any other address as plain text', () => {
    for (const href of REFUSED) {
      const {container, unmount} = render(<PressBody content={linkedBlock(href) as never} />)
      expect(container.querySelector('a'), JSON.stringify(href)).toBeNull()
      expect(container.textContent).toBe('원문 기사 보기')
      unmount()
    }
  })

  it('content links navigate inside the site, open other addresses, and leave the rest as text', async () => {
    for (const [href, expected] of ALLOWED) {
      const {container, unmount} = inRouter(<ContentLink href={href}>자세히 보기</ContentLink>)
      expect(container.querySelector('a')?.getAttribute('href'), href).toBe(expected)
      unmount()
    }
    for (const href of REFUSED) {
      const {container, unmount} = inRouter(<ContentLink href={href}>자세히 보기</ContentLink>)
      expect(container.querySelector('a'), JSON.stringify(href)).toBeNull()
      expect(container.textContent).toBe('자세히 보기')
      unmount()
    }
  })
})
