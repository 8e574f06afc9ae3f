// @vitest-environment jsdom
import {fireEvent, render, screen, waitFor} from '@testing-library/react'
import {beforeAll, describe, expect, it, vi} from 'vitest'
import {signedInFetch} from '#tests/helpers/signed-in-fetch.ts'
import {NO_FILTERS} from '#src/lib/api/leads.ts'
import {LeadsExportDialog} from './LeadsExportDialog.tsx'

const saved = vi.hoisted(() => [] as Array<{name: string; size: number}>)
vi.mock('#src/lib/save-file.ts', () => ({
  saveFile: (blob: Blob, name: string) => saved.push({name, size: blob.size}),
}))

const fetchMock = signedInFetch()

beforeAll(() => {
  // jsdom has no modal dialogs: opening one only marks it open here.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true
  }
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false
  }
})

function open(administrator: boolean) {
  const onExported = vi.fn<(notice: string) => void>()
  render(
    <LeadsExportDialog
      filters={{...NO_FILTERS, site: 'busan', q: '010'}}
      administrator={administrator}
      onExported={onExported}
      onClose={() => undefined}
    />,
  )
  return onExported
}

const submit = () => fireEvent.click(screen.getByRole('button', {name: /내려받기$/}))

describe('LeadsExportDialog', () => {
  it('asks for a purpose, a column and a matching password before sending anything', async () => {
    open(false)
    submit()
    await screen.findByText('내려받는 목적을 고르거나 입력해 주세요.')
    expect(screen.getByText('파일에 담을 항목을 하나 이상 골라 주세요.')).toBeTruthy()
    expect(screen.getByText('파일 암호는 8~64자로 입력해 주세요.')).toBeTruthy()
    // The first refused field takes the focus, where its message is.
    expect(document.activeElement).toBe(screen.getByRole('radio', {name: '방문 상담 준비'}))

    fireEvent.click(screen.getByRole('radio', {name: '직접 입력'}))
    fireEvent.change(screen.getByLabelText('목적 직접 입력'), {target: {value: '가'}})
    fireEvent.change(screen.getByLabelText('파일 암호'), {target: {value: 'harbor-2026'}})
    fireEvent.change(screen.getByLabelText('파일 암호 확인'), {target: {value: 'harbor-2027'}})
    submit()
    await screen.findByText('목적은 2~200자로 입력해 주세요.')
    expect(screen.getByText('암호 확인이 파일 암호와 다릅니다.')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByLabelText('목적 직접 입력'))
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('ticks the columns a purpose needs and sends the ZIP’s password in the body, never in an address', async () => {
    fetchMock.mockResolvedValue(
      new Response(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
        headers: {
          'Content-Disposition': `attachment; filename="leads-20261130.zip"; filename*=UTF-8''${encodeURIComponent('문의목록-20261130.zip')}`,
        },
      }),
    )
    const onExported = open(false)
    expect(screen.queryByRole('radio', {name: /CSV/})).toBeNull()
    fireEvent.click(screen.getByRole('radio', {name: '통계·보고'}))
    const ticked = () =>
      screen
        .getAllByRole('checkbox')
        .filter((box) => (box as HTMLInputElement).checked)
        .map((box) => box.parentElement?.textContent)
    expect(ticked()).toEqual([
      '접수일시',
      '현장',
      '경로',
      '상태',
      '방문 예약 상태',
      '유입 매체(utm_source)',
      '유입 방식(utm_medium)',
      '캠페인(utm_campaign)',
    ])
    fireEvent.click(screen.getByRole('checkbox', {name: '경로'}))
    // Columns the person chose stay when the purpose changes.
    fireEvent.click(screen.getByRole('radio', {name: '방문 상담 준비'}))
    expect(ticked()).not.toContain('경로')
    expect(ticked()).toHaveLength(7)
    fireEvent.change(screen.getByLabelText('파일 암호'), {target: {value: 'harbor-2026'}})
    fireEvent.change(screen.getByLabelText('파일 암호 확인'), {target: {value: 'harbor-2026'}})
    submit()
    await waitFor(() => expect(onExported).toHaveBeenCalled())

    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('/api/admin/leads.zip')
    expect(init?.method).toBe('POST')
    expect(JSON.parse(String(init?.body))).toEqual({
      reason: '방문 상담 준비',
      columns: [
        'createdAt',
        'site',
        'stage',
        'visitStatus',
        'utmSource',
        'utmMedium',
        'utmCampaign',
      ],
      password: 'harbor-2026',
      passwordConfirm: 'harbor-2026',
      filters: {site: 'busan', q: '010'},
    })
    expect(saved.at(-1)).toEqual({name: '문의목록-20261130.zip', size: 4})
    expect(onExported.mock.calls[0]![0]).toContain('문의목록-20261130.zip 파일을 내려받았습니다.')
  })

  it('lets an administrator take the plain CSV with a reason and the columns in its address', async () => {
    fetchMock.mockResolvedValue(
      new Response('\uFEFF이름\r\n', {
        headers: {'Content-Disposition': 'attachment; filename="leads-20261130.csv"'},
      }),
    )
    open(true)
    fireEvent.click(screen.getByRole('radio', {name: '암호 없는 CSV 파일 (관리자만)'}))
    expect(screen.queryByLabelText('파일 암호')).toBeNull()
    fireEvent.click(screen.getByRole('radio', {name: '직접 입력'}))
    fireEvent.change(screen.getByLabelText('목적 직접 입력'), {target: {value: '월간 보고'}})
    fireEvent.click(screen.getByRole('checkbox', {name: '이름'}))
    submit()
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost')
    expect(url.pathname).toBe('/api/admin/leads.csv')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      site: 'busan',
      q: '010',
      reason: '월간 보고',
      columns: 'name',
    })
  })
})
