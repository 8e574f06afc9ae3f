import {describe, expect, it} from 'vitest'
import {checkInAddress, readCheckInTarget} from './check-in-address.ts'

const TARGET = {site: 'lakeside', code: '0427', visitId: '0b9c7a3e-1111-4222-8333-444455556666'}

describe('the check-in address a QR code carries', () => {
  it('names the workspace and carries the visit in its fragment', () => {
    const address = checkInAddress('https://soldam.example/', TARGET)
    expect(address).toBe(
      'https://soldam.example/admin/leads#check-in?site=lakeside&code=0427' +
        '&visit=0b9c7a3e-1111-4222-8333-444455556666',
    )
    expect(readCheckInTarget(address)).toEqual(TARGET)
  })

  it('reads the fragment of the page a phone camera opened', () => {
    expect(readCheckInTarget('#check-in?site=lakeside&code=0427&visit=abc')).toEqual({
      site: 'lakeside',
      code: '0427',
      visitId: 'abc',
    })
  })

  it('reads nothing from another QR code or a damaged one', () => {
    expect(readCheckInTarget('https://soldam.example/lakeside/visit/abc')).toBeNull()
    expect(readCheckInTarget('#check-in?site=lakeside&code=42&visit=abc')).toBeNull()
    expect(readCheckInTarget('#check-in?code=0427&visit=abc')).toBeNull()
    expect(readCheckInTarget('')).toBeNull()
  })
})
