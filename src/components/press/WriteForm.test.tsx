// @vitest-environment jsdom
import {fireEvent, render, screen, waitFor} from '@testing-library/react'
import {describe, expect, it, vi} from 'vitest'
import {signedInFetch} from '#tests/helpers/signed-in-fetch.ts'
import {WriteForm} from './WriteForm.tsx'

const fetchMock = signedInFetch()

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {status, headers: {'Content-Type': 'application/json'}})
const submit = () => fireEvent.click(screen.getByRole('button', {name: '등록'}))
const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, {exact: false}), {target: {value}})

describe('WriteForm', () => {
  it('says title and summary are required and focuses the first empty one, without posting', () => {
    render(<WriteForm siteSlug="ulsan" onPublished={() => undefined} />)
    submit()
    expect(screen.getByRole('alert').textContent).toBe('제목과 요약은 필수입니다!')
    expect(document.activeElement).toBe(screen.getByLabelText('제목', {exact: false}))
    fill('제목', '제목만 있는 글')
    fill('요약', '   ')
    submit()
    expect(document.activeElement).toBe(screen.getByLabelText('요약', {exact: false}))
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('publishes with the token, clears the form and reports the new post', async () => {
    fetchMock.mockResolvedValue(answer(201, {ok: true, id: 'new-post'}))
    const onPublished = vi.fn()
    render(<WriteForm siteSlug="ulsan" onPublished={onPublished} />)
    fill('제목', '새 소식')
    fill('요약', '요약입니다')
    fill('내용', '첫 줄\n둘째 줄')
    submit()
    await waitFor(() => expect(onPublished).toHaveBeenCalledWith('new-post'))
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(JSON.parse(String(init.body))).toEqual({
      site: 'ulsan',
      title: '새 소식',
      summary: '요약입니다',
      content: '첫 줄\n둘째 줄',
    })
    expect((screen.getByLabelText('제목', {exact: false}) as HTMLInputElement).value).toBe('')
    expect(screen.getByRole('status').textContent).toContain('등록되었습니다')
  })

  it("shows the server's field errors by their inputs", async () => {
    fetchMock.mockResolvedValue(
      answer(400, {
        ok: false,
        error: '입력 내용을 확인해 주세요.',
        fields: {summary: '요약은 300자 이내로 입력해 주세요.'},
      }),
    )
    render(<WriteForm siteSlug="ulsan" onPublished={() => undefined} />)
    fill('제목', '제목')
    fill('요약', '너무 긴 요약')
    submit()
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('입력 내용을 확인해 주세요.'),
    )
    const summary = screen.getByLabelText('요약', {exact: false})
    expect(summary.getAttribute('aria-invalid')).toBe('true')
    expect(
      document.getElementById(summary.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('요약은 300자 이내로 입력해 주세요.')
    expect(document.activeElement).toBe(summary)
  })
})
