import {spawnSync} from 'node:child_process'
import {createRequire} from 'node:module'
import {join} from 'node:path'
import {expect, it} from 'vitest'
import {BUILD_DIR, builtPages} from '../built-site.ts'

const vnuJar = createRequire(import.meta.url)('vnu-jar') as string

interface VnuMessage {
  type: string
  url: string
  lastLine?: number
  message: string
}

it('every generated HTML file passes the W3C checker with zero errors', () => {
  const pages = builtPages()
  expect(pages.length).toBeGreaterThan(20)
  const result = spawnSync(
    'java',
    [
      '-jar',
      vnuJar,
      '--errors-only',
      '--format',
      'json',
      ...pages.map((page) => join(BUILD_DIR, page)),
    ],
    {encoding: 'utf8', maxBuffer: 64 * 1024 * 1024},
  )
  const {messages} = JSON.parse(result.stderr || '{"messages":[]}') as {messages: VnuMessage[]}
  const errors = messages
    .filter((message) => message.type === 'error')
    .map(
      (message) =>
        `${message.url.replace(`file:${BUILD_DIR}`, '')}` +
        `:${message.lastLine ?? '?'} ${message.message}`,
    )
  expect(errors).toEqual([])
}, 180_000)
