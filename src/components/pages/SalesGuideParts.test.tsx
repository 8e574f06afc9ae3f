// @vitest-environment jsdom
import {cleanup, render, screen, within} from '@testing-library/react'
import {MemoryRouter} from 'react-router'
import {afterEach, describe, expect, it} from 'vitest'
import {SalesGuideParts} from './SalesGuideParts.tsx'

afterEach(cleanup)

const part = (
  path: string,
  title: string,
  comingSoon: boolean,
  attachmentUrl: string | null = null,
) => ({
  path,
  title,
  comingSoon,
  sections: null,
  attachmentUrl,
})

describe('sales guide parts', () => {
  it('shows a coming-soon placeholder for an unpublished part and a link (and the notice file) for a published one', () => {
    render(
      <MemoryRouter>
        <SalesGuideParts
          pages={[
            part('/SalesInfo/guide', '인터넷 청약 안내', true),
            part(
              '/SalesInfo/announcement',
              '입주자 모집공고',
              false,
              'https://cdn.example/notice.pdf',
            ),
          ]}
        />
      </MemoryRouter>,
    )
    const guide = screen.getByRole('region', {name: '인터넷 청약 안내'})
    expect(within(guide).getByText('COMING SOON')).toBeTruthy()
    expect(within(guide).queryByRole('link')).toBeNull()

    const notice = screen.getByRole('region', {name: '입주자 모집공고'})
    expect(within(notice).queryByText('COMING SOON')).toBeNull()
    expect(
      within(notice).getByRole('link', {name: '입주자 모집공고 자세히 보기'}).getAttribute('href'),
    ).toBe('/SalesInfo/announcement')
    const file = within(notice).getByRole('link', {name: '공고문 내려받기 (PDF)'})
    expect(file.getAttribute('href')).toBe('https://cdn.example/notice.pdf')
    expect(file.hasAttribute('download')).toBe(true)
  })
})
