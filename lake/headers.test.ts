import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {
  startTestLake,
  TEST_ORIGIN,
  TEST_PROJECT_ID,
  TEST_STUDIO_ORIGIN,
  type TestLake,
} from './test-lake.ts'

const ASSET_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox"
// An SVG that would run a script wherever a browser renders it as a document.
const HOSTILE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60" ' +
  'viewBox="0 0 120 60"><rect width="120" height="60" fill="#06c"/>' +
  '<script>parent.postMessage(document.cookie, "*")</script></svg>'

let t: TestLake
beforeAll(async () => {
  t = await startTestLake()
})
afterAll(async () => {
  await t.stop()
})

describe("the lake's answers", () => {
  it('all say their content type may not be sniffed', async () => {
    const answers = [
      await fetch(`${t.lake.url}/health`),
      await fetch(`${t.lake.url}/v2025-02-19/data/query/test?query=count(*)`),
      await fetch(`${t.lake.url}/v2025-02-19/data/query/test?query=*[`),
      await fetch(`${t.lake.url}/no/such/route`),
      await fetch(
        `${t.lake.url}/v1/auth/login/lake?origin=${encodeURIComponent(`${TEST_STUDIO_ORIGIN}/`)}`,
      ),
      await fetch(`${t.lake.url}/v2025-02-19/data/query/test`, {
        method: 'OPTIONS',
        headers: {Origin: TEST_ORIGIN, 'Access-Control-Request-Method': 'GET'},
      }),
    ]
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 400, 404, 200, 204])
    for (const answer of answers)
      expect(answer.headers.get('x-content-type-options'), answer.url).toBe('nosniff')
  })

  it(
    'serve uploaded images and files under a ' + 'policy that runs no script and loads nothing',
    async () => {
      const svg = await t.client.assets.upload('image', Buffer.from(HOSTILE_SVG), {
        filename: 'banner.svg',
        contentType: 'image/svg+xml',
      })
      const file = await t.client.assets.upload('file', Buffer.from(HOSTILE_SVG), {
        filename: 'notice.svg',
        contentType: 'image/svg+xml',
      })
      const image = `${t.lake.url}/${svg.path}`
      const addresses = [image, `${image}?w=60&fm=png`, `${t.lake.url}/${file.path}`]
      for (const address of addresses) {
        const answer = await fetch(address)
        expect(answer.status, address).toBe(200)
        expect(answer.headers.get('content-security-policy'), address).toBe(ASSET_POLICY)
        expect(answer.headers.get('x-content-type-options'), address).toBe('nosniff')
        const again = await fetch(address, {
          headers: {'If-None-Match': answer.headers.get('etag') ?? ''},
        })
        expect(again.status, address).toBe(304)
        expect(again.headers.get('content-security-policy'), address).toBe(ASSET_POLICY)
      }
      expect((await fetch(image)).headers.get('content-type')).toBe('image/svg+xml')
      expect(svg.path).toMatch(new RegExp(`^images/${TEST_PROJECT_ID}/test/`))
    },
  )
})
