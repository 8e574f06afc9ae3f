import {mkdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {resolve} from 'node:path'
import {alive} from './processes.ts'

const LOCK_DIR = resolve('.netlify/stack.lock')
const WAIT_LIMIT_MS = 30 * 60 * 1000

function holderAlive(): boolean {
  let pid: number
  try {
    pid = Number(readFileSync(`${LOCK_DIR}/pid`, 'utf8'))
  } catch {
    // Just created, its holder about to write the pid; or left empty long ago.
    try {
      return Date.now() - statSync(LOCK_DIR).mtimeMs < 10_000
    } catch {
      return false
    }
  }
  return alive(pid)
}

/**
 * Waits until no other stack of this checkout is building and serving (they would
 * overwrite each other's build/ and .netlify/), then holds the lock until released.
 * A lock left by a process that died is taken over.
 */
export async function lockProjectFor(purpose: string): Promise<() => void> {
  const deadline = Date.now() + WAIT_LIMIT_MS
  let told = false
  for (;;) {
    try {
      mkdirSync(resolve('.netlify'), {recursive: true})
      mkdirSync(LOCK_DIR)
      writeFileSync(`${LOCK_DIR}/pid`, String(process.pid))
      writeFileSync(`${LOCK_DIR}/purpose`, purpose)
      break
    } catch {
      if (!holderAlive()) {
        rmSync(LOCK_DIR, {recursive: true, force: true})
        continue
      }
      if (Date.now() > deadline)
        throw new Error(`another stack of this checkout is still running (${LOCK_DIR})`)
      if (!told) console.log('Another stack of this checkout is running: waiting for it to finish…')
      told = true
      await new Promise((resolveWait) => setTimeout(resolveWait, 2000))
    }
  }
  let released = false
  const release = () => {
    if (released) return
    released = true
    rmSync(LOCK_DIR, {recursive: true, force: true})
  }
  process.once('exit', release)
  return release
}
