import {spawnSync} from 'node:child_process'

/**
 * Installs Debian packages that the machine lacks and the tests or the benchmark need,
 * when running as root (as CI does); otherwise says what to run. Returns whether `present`
 * holds afterwards, so the caller decides whether a missing package stops it.
 */
export function ensureAptPackages(
  what: string,
  packages: string[],
  present: () => boolean,
): boolean {
  if (present()) return true
  const command = `apt-get install -y ${packages.join(' ')}`
  if (process.getuid?.() !== 0) {
    console.error(`${what}: 이 컴퓨터에 없습니다. 'sudo ${command}'로 설치하세요.`)
    return false
  }
  console.log(`${what}: 이 컴퓨터에 없어 apt로 설치합니다…`)
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...packages],
  ]) {
    const result = spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: {...process.env, DEBIAN_FRONTEND: 'noninteractive'},
    })
    if (result.status !== 0) {
      console.error(`${what}: 설치하지 못했습니다. '${command}'를 직접 실행해 보세요.`)
      return false
    }
  }
  return present()
}
