import {spawnSync} from 'node:child_process'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {ensureAptPackages} from './apt-packages.ts'

vi.mock('node:child_process', () => ({spawnSync: vi.fn()}))
const apt = vi.mocked(spawnSync)

describe('ensureAptPackages', () => {
  let installed: boolean
  const present = () => installed
  beforeEach(() => {
    installed = false
    apt.mockReset()
    apt.mockImplementation((_command, args) => {
      if (args?.[0] === 'install') installed = true
      return {status: 0} as ReturnType<typeof spawnSync>
    })
    vi.spyOn(console, 'log').mockImplementation(() => {})
    vi.spyOn(console, 'error').mockImplementation(() => {})
  })
  afterEach(() => vi.restoreAllMocks())

  it('leaves a machine that has the package alone', () => {
    installed = true
    expect(ensureAptPackages('Chromium', ['chromium'], present)).toBe(true)
    expect(apt).not.toHaveBeenCalled()
  })

  it('installs what is missing when running as root', () => {
    vi.spyOn(process, 'getuid').mockReturnValue(0)
    expect(ensureAptPackages('한글 시스템 글꼴', ['fonts-noto-cjk'], present)).toBe(true)
    expect(apt.mock.calls.map(([command, args]) => [command, ...(args ?? [])])).toEqual([
      ['apt-get', 'update', '-qq'],
      ['apt-get', 'install', '-y', '-qq', 'fonts-noto-cjk'],
    ])
  })

  it('says what to run, and installs nothing, for a user who is not root', () => {
    vi.spyOn(process, 'getuid').mockReturnValue(1000)
    expect(ensureAptPackages('Chromium', ['chromium'], present)).toBe(false)
    expect(apt).not.toHaveBeenCalled()
    expect(console.error).toHaveBeenCalledWith(
      expect.stringContaining("'sudo apt-get install -y chromium'"),
    )
  })

  it('reports a failed installation', () => {
    vi.spyOn(process, 'getuid').mockReturnValue(0)
    apt.mockReturnValue({status: 100} as ReturnType<typeof spawnSync>)
    expect(ensureAptPackages('Chromium', ['chromium'], present)).toBe(false)
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('설치하지 못했습니다'))
  })
})
