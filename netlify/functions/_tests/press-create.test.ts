import {afterAll, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {startTestLake, TEST_PROJECT_ID, TEST_TOKEN, type TestLake} from '#lake/test-lake.ts'
import {mintAdminToken} from '#tests/helpers/admin-token.ts'
import {withTestDatabase} from '#tests/helpers/test-database.ts'
import type {Context} from '@netlify/functions'
import publishHandler from '../press-create.mts'

// A staff token's sign-in is looked up in the database.
withTestDatabase()

const publish = (req: Request) => publishHandler(req, {ip: '192.0.2.70'} as Context)

let lake: TestLake
beforeAll(async () => {
  lake = await startTestLake()
  await lake.client.create({
    _id: 'site-daegu',
    _type: 'site',
    slug: {_type: 'slug', current: 'daegu'},
    name: '대구',
  })
}, 60_000)
afterAll(async () => {
  await lake.stop()
})
beforeEach(() => {
  vi.stubEnv('SANITY_API_HOST', lake.lake.url)
  vi.stubEnv('SANITY_PROJECT_ID', TEST_PROJECT_ID)
  vi.stubEnv('SANITY_DATASET', 'test')
  vi.stubEnv('SANITY_WRITE_TOKEN', TEST_TOKEN)
  return () => vi.unstubAllEnvs()
})

async function post(body: unknown, token?: string, init: RequestInit = {}): Promise<Response> {
  const authorization = token ?? (await mintAdminToken())
  return publish(
    new Request('http://localhost/api/press', {
      method: 'POST',
      headers: {'content-type': 'application/json', authorization: `Bearer ${authorization}`},
      body: JSON.stringify(body),
      ...init,
    }),
  )
}

const valid = {
  site: 'daegu',
  title: '견본주택 그랜드 오픈',
  summary: '이번 주말 견본주택을 엽니다.',
  content: '첫 줄\n\n  둘째 줄  \r\n셋째 줄\n',
}

async function pressCount(): Promise<number> {
  return lake.client.fetch<number>('count(*[_type == "press"])')
}

describe('POST /api/press', () => {
  it(
    'creates the post with the server time, no view ' +
      'count, a site reference and one paragraph per line',
    async () => {
      vi.useFakeTimers({toFake: ['Date']})
      vi.setSystemTime(new Date('2026-08-15T09:30:00Z'))
      const token = await mintAdminToken()
      const res = await post({...valid, date: '1999-01-01T00:00:00Z', views: 999}, token)
      vi.useRealTimers()
      expect(res.status).toBe(201)
      const {ok, id} = (await res.json()) as {ok: boolean; id: string}
      expect(ok).toBe(true)
      const doc = await lake.client.getDocument(id)
      expect(doc).toMatchObject({
        _type: 'press',
        site: {_type: 'reference', _ref: 'site-daegu'},
        title: valid.title,
        summary: valid.summary,
        date: '2026-08-15T09:30:00.000Z',
      })
      // Views are counted in the database: the post carries none, not even the one sent.
      expect(doc).not.toHaveProperty('views')
      const blocks = doc?.content as {
        _type: string
        _key: string
        style: string
        children: {_type: string; _key: string; text: string}[]
      }[]
      expect(blocks.map((block) => block.children.map((span) => span.text).join(''))).toEqual([
        '첫 줄',
        '둘째 줄',
        '셋째 줄',
      ])
      expect(
        blocks.every(
          (block) =>
            block._type === 'block' &&
            block.style === 'normal' &&
            block.children[0]?._type === 'span',
        ),
      ).toBe(true)
      const keys = blocks.flatMap((block) => [
        block._key,
        ...block.children.map((span) => span._key),
      ])
      expect(new Set(keys).size).toBe(keys.length)
    },
  )

  it('accepts a post without content', async () => {
    const res = await post({site: 'daegu', title: '제목만', summary: '요약만'})
    expect(res.status).toBe(201)
    const {id} = (await res.json()) as {id: string}
    expect((await lake.client.getDocument(id))?.content).toEqual([])
  })

  it('answers 401 without a valid access token and creates nothing', async () => {
    const before = await pressCount()
    const anonymous = await publish(
      new Request('http://localhost/api/press', {
        method: 'POST',
        headers: {'content-type': 'application/json'},
        body: JSON.stringify(valid),
      }),
    )
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toEqual({ok: false, error: '로그인이 필요합니다.'})
    const expired = await mintAdminToken(undefined, new Date(Date.now() - 11 * 60_000))
    expect((await post(valid, expired)).status).toBe(401)
    expect((await post(valid, `${await mintAdminToken()}x`)).status).toBe(401)
    expect(await pressCount()).toBe(before)
  })

  it('requires a title and a summary', async () => {
    const res = await post({site: 'daegu', title: '  ', summary: '', content: '본문'})
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      ok: false,
      error: '제목과 요약은 필수입니다!',
      fields: {title: '제목을 입력해 주세요.', summary: '요약을 입력해 주세요.'},
    })
    expect(
      ((await (await post({...valid, summary: undefined})).json()) as {error: string}).error,
    ).toBe('제목과 요약은 필수입니다!')
  })

  it(
    'limits the title to 100, the summary to ' + '300 and the content to 20,000 characters',
    async () => {
      const before = await pressCount()
      const atLimit = await post({
        site: 'daegu',
        title: '가'.repeat(100),
        summary: '나'.repeat(300),
        content: '다'.repeat(20_000),
      })
      expect(atLimit.status).toBe(201)
      const res = await post({
        site: 'daegu',
        title: '가'.repeat(101),
        summary: '나'.repeat(301),
        content: '다'.repeat(20_001),
      })
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({
        ok: false,
        error: '입력 내용을 확인해 주세요.',
        fields: {
          title: '제목은 100자 이내로 입력해 주세요.',
          summary: '요약은 300자 이내로 입력해 주세요.',
          content: '내용은 20,000자 이내로 입력해 주세요.',
        },
      })
      expect(await pressCount()).toBe(before + 1)
    },
  )

  it('drops control characters, so a title or summary of only those counts as empty', async () => {
    const before = await pressCount()
    const empty = await post({
      site: 'daegu',
      title: '\u0000',
      summary: '\u0001\u007f',
      content: '본문',
    })
    expect(empty.status).toBe(400)
    expect(await empty.json()).toEqual({
      ok: false,
      error: '제목과 요약은 필수입니다!',
      fields: {title: '제목을 입력해 주세요.', summary: '요약을 입력해 주세요.'},
    })
    expect(await pressCount()).toBe(before)

    const res = await post({
      site: 'daegu',
      title: '분양\u0000 안내\u001b',
      summary: '요약\u0008',
      content: '첫\u0007 줄\n\t둘째\u000b줄',
    })
    expect(res.status).toBe(201)
    const doc = await lake.client.getDocument(((await res.json()) as {id: string}).id)
    expect(doc).toMatchObject({title: '분양 안내', summary: '요약'})
    const blocks = doc?.content as {children: {text: string}[]}[]
    expect(blocks.map((block) => block.children[0]?.text)).toEqual(['첫 줄', '둘째줄'])
  })

  it('refuses content that is not text instead of publishing the post without it', async () => {
    const before = await pressCount()
    for (const content of [
      42,
      true,
      {},
      ['첫 문단'],
      [{_type: 'block', children: [{_type: 'span', text: '본문'}]}],
    ]) {
      const res = await post({...valid, content})
      expect(res.status, JSON.stringify(content)).toBe(400)
      expect(await res.json()).toEqual({
        ok: false,
        error: '입력 내용을 확인해 주세요.',
        fields: {content: '내용 형식이 올바르지 않습니다.'},
      })
    }
    expect(await pressCount()).toBe(before)
    expect((await post({...valid, content: null})).status).toBe(201)
  })

  it(
    'links the web, e-mail and phone addresses ' + 'typed in the content, as the Studio would',
    async () => {
      const res = await post({
        ...valid,
        content: '원문: https://news.example.kr/a?b=1 에서 보세요.\n문의 tel:1661-0440',
      })
      expect(res.status).toBe(201)
      const doc = await lake.client.getDocument(((await res.json()) as {id: string}).id)
      const [first, second] = doc?.content as {
        markDefs: {_type: string; _key: string; href: string}[]
        children: {text: string; marks: string[]}[]
      }[]
      expect(first?.children.map((span) => span.text).join('')).toBe(
        '원문: https://news.example.kr/a?b=1 에서 보세요.',
      )
      expect(first?.markDefs).toEqual([
        {_type: 'link', _key: expect.any(String), href: 'https://news.example.kr/a?b=1'},
      ])
      expect(first?.children.find((span) => span.marks.length > 0)).toMatchObject({
        text: 'https://news.example.kr/a?b=1',
        marks: [first?.markDefs[0]?._key],
      })
      expect(second?.markDefs.map((mark) => mark.href)).toEqual(['tel:1661-0440'])
    },
  )

  it(
    'refuses a script or data address in the content ' +
      'with a Korean message, and stores nothing',
    async () => {
      const before = await pressCount()
      for (const [content, scheme] of [
        ['눌러 보세요 javascript:alert(document.cookie)', 'javascript'],
        ['첫 줄\n(JaVaScRiPt:alert(1))', 'javascript'],
        ['data:text/html;base64,PHNjcmlwdD4=', 'data'],
        ['VBScript:msgbox(1)', 'vbscript'],
      ]) {
        const res = await post({...valid, content})
        expect(res.status, content).toBe(400)
        expect(await res.json()).toEqual({
          ok: false,
          error: '입력 내용을 확인해 주세요.',
          fields: {
            content:
              `${scheme}: 로 시작하는 주소는 넣을 수 없습니다. 링크는 http://, ` +
              'https://, mailto:, tel: 로 시작하는 주소만 쓸 수 있습니다.',
          },
        })
      }
      expect(await pressCount()).toBe(before)
    },
  )

  it('refuses an unknown or malformed site', async () => {
    for (const site of ['seoul', 'Daegu', '', '../daegu', 42]) {
      const res = await post({...valid, site})
      expect(res.status, String(site)).toBe(400)
      expect(((await res.json()) as {fields: Record<string, string>}).fields).toEqual({
        site: '사이트를 찾을 수 없습니다.',
      })
    }
  })

  it('refuses bodies over 64 KB, other formats and other methods', async () => {
    expect((await post({...valid, content: '가'.repeat(30_000)})).status).toBe(413)
    expect(
      (
        await post(null, undefined, {
          headers: {
            'content-type': 'text/plain',
            authorization: `Bearer ${await mintAdminToken()}`,
          },
          body: 'x',
        })
      ).status,
    ).toBe(415)
    expect((await publish(new Request('http://localhost/api/press'))).status).toBe(405)
  })
})
