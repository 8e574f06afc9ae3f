import type {Context} from '@netlify/functions'
import {describe, expect, it} from 'vitest'
import {TEST_STAFF_CONTEXT} from '#tests/helpers/admin-token.ts'
import {withTestDatabase} from '#tests/helpers/test-database.ts'
import {sql} from '../_shared/database.ts'
import logout from '../admin-logout.mts'
import refresh from '../admin-refresh.mts'

withTestDatabase()
const context = TEST_STAFF_CONTEXT as Context

// Another site's page posting to the session endpoints with the administrator's cookie:
// refused before the cookie is even read, so the session is neither rotated nor ended.
const COOKIE = 'admin_refresh=a-refresh-token-the-browser-would-attach'

function post(
  handler: (req: Request, context: Context) => Promise<Response>,
  path: string,
  headers: Record<string, string>,
): Promise<Response> {
  return handler(
    new Request(`http://localhost:8888${path}`, {
      method: 'POST',
      headers: {cookie: COOKIE, ...headers},
    }),
    context,
  )
}

describe('the session endpoints refuse requests from other sites, and log each', () => {
  for (const [name, handler, path] of [
    ['refresh', refresh, '/api/admin/refresh'],
    ['logout', logout, '/api/admin/logout'],
  ] as const) {
    it(
      `${name}: a foreign Origin or Sec-Fetch-Site: ` +
        'cross-site gets a 403 in Korean and no cookie change',
      async () => {
        const probes: Array<Record<string, string>> = [
          {origin: 'https://evil.example'},
          {'sec-fetch-site': 'cross-site'},
          {origin: 'http://localhost:3333', 'sec-fetch-site': 'same-site'},
        ]
        for (const headers of probes) {
          const answer = await post(handler, path, headers)
          expect(answer.status, JSON.stringify(headers)).toBe(403)
          expect(await answer.json()).toEqual({
            ok: false,
            error:
              '다른 사이트에서 보낸 요청은 처리할 수 없습니다. 이 사이트에서 다시 시도해 주세요.',
          })
          expect(answer.headers.get('set-cookie')).toBeNull()
          expect(answer.headers.get('cache-control')).toBe('no-store')
        }
        expect(
          await sql()`SELECT actor, action, detail->>'reason' AS reason, detail->>'path' AS path
            FROM audit_log`,
        ).toEqual(
          probes.map(() => ({actor: 'unknown', action: 'refused', reason: 'cross-site', path})),
        )
      },
    )
  }

  it("lets the site's own page sign out", async () => {
    const answer = await logout(
      new Request('http://localhost:8888/api/admin/logout', {
        method: 'POST',
        headers: {origin: 'http://localhost:8888', 'sec-fetch-site': 'same-origin'},
      }),
      context,
    )
    expect(answer.status).toBe(200)
    expect(answer.headers.get('set-cookie')).toContain('Max-Age=0')
  })
})
