import {createClient, type MutationEvent, type SanityClient} from '@sanity/client'
import {applyPatch} from 'mendoza'
import {firstValueFrom, filter, take, toArray} from 'rxjs'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {guardedSignIn} from '../netlify/functions/_shared/auth/sign-in.ts'
import {addressKey} from '../netlify/functions/_shared/auth/address-key.ts'
import {withTestDatabase} from '../tests/helpers/test-database.ts'
import {
  startTestLake,
  TEST_ORIGIN,
  TEST_PROJECT_ID,
  TEST_STUDIO_ORIGIN,
  TEST_TOKEN,
  type TestLake,
} from './test-lake.ts'

const EDITOR = {email: 'editor@example.com', password: '올바른-비밀번호', code: '246810'}
const check = async (email: string, password: string) =>
  email === EDITOR.email && password === EDITOR.password ? email : null
// The editor's second factor: one right code (its checks, replays included, have their own tests).
const factor = {
  spendCode: async (_email: string, code: string) =>
    code === EDITOR.code
      ? ({ok: true, factor: 'totp'} as const)
      : ({ok: false, reason: 'bad-code'} as const),
  enrolled: async () => ({totp: true, passkeys: 0, recoveryCodes: 0}),
}

// The sign-in the lake runs (lake/main.ts): the functions' guarded sign-in, on the test database.
withTestDatabase()
let t: TestLake
beforeAll(async () => {
  t = await startTestLake({
    signIn: (email, password, code, visitor) =>
      guardedSignIn(
        {email, password, code, requireSecondFactor: true, visitor, channel: 'studio'},
        {check, ...factor},
      ),
  })
})
afterAll(async () => {
  await t.stop()
})

const api = (path: string) => `${t.lake.url}/v2025-02-19${path}`

async function signIn(): Promise<string> {
  const form = new URLSearchParams({origin: `${TEST_STUDIO_ORIGIN}/structure/`, ...EDITOR})
  const response = await fetch(`${t.lake.url}/v1/auth/login/lake`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  })
  expect(response.status).toBe(303)
  const location = new URL(response.headers.get('location') ?? '')
  const sid = /sid=([^&]+)/.exec(location.hash)?.[1] ?? ''
  const exchanged = await fetch(api(`/auth/fetch?sid=${sid}`))
  expect(exchanged.status).toBe(200)
  return ((await exchanged.json()) as {token: string}).token
}

const studioClient = (token: string): SanityClient =>
  createClient({
    projectId: TEST_PROJECT_ID,
    dataset: 'test',
    apiHost: t.lake.url,
    useProjectHostname: false,
    useCdn: false,
    apiVersion: '2025-02-19',
    token,
  })

describe('Studio sign-in', () => {
  it('lists the lake itself as the only sign-in provider', async () => {
    const {providers} = (await (await fetch(api('/auth/providers'))).json()) as {
      providers: {name: string; title: string; url: string}[]
    }
    expect(providers).toHaveLength(1)
    expect(providers[0]?.title).toBe('로컬 관리자 계정')
    expect(providers[0]?.url).toMatch(/\/v1\/auth\/login\/lake$/)
  })

  it('shows a Korean form, and sends a session id only to an allowed Studio origin', async () => {
    const page = await fetch(
      `${t.lake.url}/v1/auth/login/lake?origin=${encodeURIComponent(`${TEST_STUDIO_ORIGIN}/`)}`,
    )
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('lang="ko"')
    expect(html).toContain('<label for="password">비밀번호</label>')
    expect(html).toContain('<label for="code">인증 코드</label>')
    const foreign = await fetch(
      `${t.lake.url}/v1/auth/login/lake?origin=${encodeURIComponent('https://evil.example/')}`,
    )
    expect(foreign.status).toBe(403)
    const posted = await fetch(`${t.lake.url}/v1/auth/login/lake`, {
      method: 'POST',
      body: new URLSearchParams({origin: 'https://evil.example/', ...EDITOR}),
      redirect: 'manual',
    })
    expect(posted.status).toBe(403)
    expect(posted.headers.get('location')).toBeNull()
  })

  it('sends no session id to the site, though the site may read the lake', async () => {
    const preflight = await fetch(api('/data/query/test'), {
      method: 'OPTIONS',
      headers: {Origin: TEST_ORIGIN, 'Access-Control-Request-Method': 'GET'},
    })
    expect(preflight.headers.get('access-control-allow-origin')).toBe(TEST_ORIGIN)
    expect(
      (
        await fetch(
          `${t.lake.url}/v1/auth/login/lake?origin=${encodeURIComponent(`${TEST_ORIGIN}/`)}`,
        )
      ).status,
    ).toBe(403)
    const posted = await fetch(`${t.lake.url}/v1/auth/login/lake`, {
      method: 'POST',
      body: new URLSearchParams({origin: `${TEST_ORIGIN}/`, ...EDITOR}),
      redirect: 'manual',
    })
    expect(posted.status).toBe(403)
    expect(posted.headers.get('location')).toBeNull()
  })

  it('refuses a wrong password with the form again and a Korean message', async () => {
    const response = await fetch(`${t.lake.url}/v1/auth/login/lake`, {
      method: 'POST',
      body: new URLSearchParams({
        origin: `${TEST_STUDIO_ORIGIN}/`,
        email: EDITOR.email,
        password: 'wrong',
      }),
      redirect: 'manual',
    })
    expect(response.status).toBe(401)
    const html = await response.text()
    expect(html).toContain('이메일 또는 비밀번호가 올바르지 않습니다.')
    expect(html).toContain(`value="${EDITOR.email}"`)
  })

  it('asks for the second factor: the right password with a wrong code gets no session', async () => {
    const response = await fetch(`${t.lake.url}/v1/auth/login/lake`, {
      method: 'POST',
      body: new URLSearchParams({origin: `${TEST_STUDIO_ORIGIN}/`, ...EDITOR, code: '135790'}),
      redirect: 'manual',
    })
    expect(response.status).toBe(401)
    expect(response.headers.get('location')).toBeNull()
    expect(await response.text()).toContain(
      '인증 코드가 올바르지 않습니다. 인증 앱에 지금 보이는 6자리 코드를 입력해 주세요.',
    )
  })

  it(
    'locks an e-mail after five failures from one address: ' +
      'nine wrong passwords, then the right one gets no session',
    async () => {
      const post = (password: string) =>
        fetch(`${t.lake.url}/v1/auth/login/lake`, {
          method: 'POST',
          body: new URLSearchParams({
            origin: `${TEST_STUDIO_ORIGIN}/`,
            email: EDITOR.email,
            password,
            code: EDITOR.code,
          }),
          redirect: 'manual',
        })
      const statuses: number[] = []
      for (let i = 0; i < 9; i++) statuses.push((await post(`wrong-${i}`)).status)
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429, 429, 429])
      const right = await post(EDITOR.password)
      expect(right.status).toBe(429)
      expect(right.headers.get('location')).toBeNull()
      expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(14 * 60)
      expect(await right.text()).toContain(
        '로그인에 여러 번 실패하여 잠시 잠겼습니다. 15분 후에 다시 시도해 주세요.',
      )
    },
  )

  it(
    "shares the lock with the site's sign-in: failures " +
      'on /api/admin/login lock the Studio for that address',
    async () => {
      for (let i = 0; i < 5; i++)
        await guardedSignIn(
          {
            email: EDITOR.email,
            password: 'wrong',
            visitor: addressKey('127.0.0.1'),
            channel: 'site',
          },
          {check},
        )
      const response = await fetch(`${t.lake.url}/v1/auth/login/lake`, {
        method: 'POST',
        body: new URLSearchParams({origin: `${TEST_STUDIO_ORIGIN}/`, ...EDITOR}),
        redirect: 'manual',
      })
      expect(response.status).toBe(429)
    },
  )

  it(
    'exchanges a session id once for a token ' + 'that reads drafts, writes, and names the user',
    async () => {
      const token = await signIn()
      const me = (await (
        await fetch(api('/users/me'), {headers: {Authorization: `Bearer ${token}`}})
      ).json()) as {id: string; email: string; role: string}
      expect(me).toMatchObject({email: EDITOR.email, role: 'administrator'})
      expect(me.id).toMatch(/^p[0-9a-f]{12}$/)
      const client = studioClient(token)
      await client.create({_id: 'drafts.signed-in', _type: 'press', title: '초안'})
      expect(
        await client
          .withConfig({perspective: 'raw'})
          .fetch('*[_id == "drafts.signed-in"][0].title'),
      ).toBe('초안')
      const grants = (await (
        await fetch(api(`/projects/${TEST_PROJECT_ID}/datasets/test/acl`), {
          headers: {Authorization: `Bearer ${token}`},
        })
      ).json()) as {
        permissions: string[]
      }[]
      expect(grants[0]?.permissions).toEqual(expect.arrayContaining(['read', 'create', 'update']))
    },
  )

  it('does not exchange a session id twice, and signing out ends the token', async () => {
    const form = new URLSearchParams({origin: `${TEST_STUDIO_ORIGIN}/`, ...EDITOR})
    const location =
      (
        await fetch(`${t.lake.url}/v1/auth/login/lake`, {
          method: 'POST',
          body: form,
          redirect: 'manual',
        })
      ).headers.get('location') ?? ''
    const sid = /sid=([^&]+)/.exec(location)?.[1] ?? ''
    expect((await fetch(api(`/auth/fetch?sid=${sid}`))).status).toBe(200)
    expect((await fetch(api(`/auth/fetch?sid=${sid}`))).status).toBe(401)

    const token = await signIn()
    expect(
      (
        await fetch(api('/auth/logout'), {
          method: 'POST',
          headers: {Authorization: `Bearer ${token}`},
        })
      ).status,
    ).toBe(200)
    expect(
      (await fetch(api('/users/me'), {headers: {Authorization: `Bearer ${token}`}})).status,
    ).toBe(401)
    expect(
      (await fetch(api('/data/query/test?query=1'), {headers: {Authorization: `Bearer ${token}`}}))
        .status,
    ).toBe(401)
  })

  it('keeps sign-ins across a restart of the lake', async () => {
    const token = await signIn()
    await t.restart()
    expect(
      (await fetch(api('/users/me'), {headers: {Authorization: `Bearer ${token}`}})).status,
    ).toBe(200)
  })

  it(
    'answers the current user only to a ' + 'signed-in Studio (the write token is no user)',
    async () => {
      expect((await fetch(api('/users/me'))).status).toBe(401)
      expect(
        (await fetch(api('/users/me'), {headers: {Authorization: `Bearer ${TEST_TOKEN}`}})).status,
      ).toBe(401)
    },
  )
})

describe('document actions', () => {
  const action = (client: SanityClient, actions: unknown[], transactionId?: string) =>
    client.request<{transactionId: string}>({
      uri: '/data/actions/test',
      method: 'POST',
      body: {actions, transactionId},
    })

  it('edits a published document through a new draft, then publishes it', async () => {
    await t.client.create({_id: 'act-1', _type: 'page', title: '처음'})
    await action(t.client, [
      {
        actionType: 'sanity.action.document.edit',
        draftId: 'drafts.act-1',
        publishedId: 'act-1',
        patch: {set: {title: '고침'}},
      },
    ])
    const raw = t.client.withConfig({perspective: 'raw'})
    expect(await raw.fetch('*[_id in ["act-1", "drafts.act-1"]]{_id, title} | order(_id)')).toEqual(
      [
        {_id: 'act-1', title: '처음'},
        {_id: 'drafts.act-1', title: '고침'},
      ],
    )
    const published = await t.client.getDocument('act-1')
    const result = await action(
      t.client,
      [
        {
          actionType: 'sanity.action.document.publish',
          draftId: 'drafts.act-1',
          publishedId: 'act-1',
          ifPublishedRevisionId: published?._rev,
        },
      ],
      'studio-tx-1',
    )
    expect(result.transactionId).toBe('studio-tx-1')
    expect(await raw.fetch('*[_id in ["act-1", "drafts.act-1"]]{_id, title, _rev}')).toEqual([
      {_id: 'act-1', title: '고침', _rev: 'studio-tx-1'},
    ])
  })

  it(
    'refuses to publish over a published document ' + 'that changed meanwhile, writing nothing',
    async () => {
      await t.client.create({_id: 'act-2', _type: 'page', title: 'A'})
      await t.client.create({_id: 'drafts.act-2', _type: 'page', title: 'B'})
      const error = await action(t.client, [
        {
          actionType: 'sanity.action.document.publish',
          draftId: 'drafts.act-2',
          publishedId: 'act-2',
          ifPublishedRevisionId: 'stale',
        },
      ]).catch((e: {statusCode: number}) => e)
      expect(error).toMatchObject({statusCode: 409})
      expect(await t.client.getDocument('act-2')).toMatchObject({title: 'A'})
    },
  )

  it('creates a new draft, discards it, unpublishes and deletes', async () => {
    await action(t.client, [
      {
        actionType: 'sanity.action.document.create',
        publishedId: 'act-3',
        attributes: {_id: 'drafts.act-3', _type: 'page', title: '새 글'},
      },
    ])
    expect(await t.client.getDocument('drafts.act-3')).toMatchObject({title: '새 글'})
    await action(t.client, [
      {actionType: 'sanity.action.document.discard', draftId: 'drafts.act-3'},
    ])
    expect(await t.client.getDocument('drafts.act-3')).toBeUndefined()

    await t.client.create({_id: 'act-4', _type: 'page', title: '게시'})
    await action(t.client, [
      {
        actionType: 'sanity.action.document.unpublish',
        draftId: 'drafts.act-4',
        publishedId: 'act-4',
      },
    ])
    expect(await t.client.getDocument('act-4')).toBeUndefined()
    expect(await t.client.getDocument('drafts.act-4')).toMatchObject({title: '게시'})
    await action(t.client, [
      {
        actionType: 'sanity.action.document.delete',
        publishedId: 'act-4',
        includeDrafts: ['drafts.act-4'],
      },
    ])
    expect(await t.client.getDocument('drafts.act-4')).toBeUndefined()
  })

  it('answers 400 for releases and malformed actions, 401 without a token', async () => {
    const versions = await action(t.client, [
      {actionType: 'sanity.action.document.version.create', publishedId: 'x', document: {}},
    ]).catch((e: {statusCode: number}) => e)
    expect(versions).toMatchObject({statusCode: 400})
    expect(
      await action(t.client, [{publishedId: 'x'}]).catch((e: {statusCode: number}) => e),
    ).toMatchObject({statusCode: 400})
    expect(
      await action(t.anonymous, [
        {actionType: 'sanity.action.document.discard', draftId: 'drafts.x'},
      ]).catch((e: {statusCode: number}) => e),
    ).toMatchObject({
      statusCode: 401,
    })
  })
})

describe('listen', () => {
  it(
    'sends each matching change with mutations ' + 'and Mendoza effects that rebuild the document',
    async () => {
      await t.client.create({_id: 'live-1', _type: 'press', title: '하나'})
      const before = await t.client.getDocument('live-1')
      const events = t.client
        .listen(
          '*[_type == "press" && _id in $ids]',
          {ids: ['live-1', 'drafts.live-1']},
          {events: ['welcome', 'mutation'], effectFormat: 'mendoza', includeResult: false},
        )
        .pipe(take(3), toArray())
      const received = firstValueFrom(events)
      await new Promise((resolve) => setTimeout(resolve, 300))
      await t.client.create({_id: 'other', _type: 'page', title: '무관'})
      await t.client.patch('live-1').set({title: '둘'}).commit()
      await t.client.delete('live-1')
      const [welcome, update, removal] = (await received) as [
        {type: string},
        MutationEvent,
        MutationEvent,
      ]
      expect(welcome.type).toBe('welcome')
      expect(update).toMatchObject({
        type: 'mutation',
        documentId: 'live-1',
        transition: 'update',
        previousRev: before?._rev,
      })
      expect(update.result).toBeUndefined()
      const {_rev: _ignored, ...base} = before ?? {}
      expect(applyPatch(base, update.effects?.apply ?? [])).toMatchObject({title: '둘'})
      expect(update.mutations).toEqual([
        {createOrReplace: expect.objectContaining({_id: 'live-1', title: '둘'})},
      ])
      expect(removal).toMatchObject({
        documentId: 'live-1',
        transition: 'disappear',
        mutations: [{delete: {id: 'live-1'}}],
      })
    },
  )

  it('does not show drafts to anonymous listeners', async () => {
    const events = t.anonymous.listen('*[_type == "press"]', {}, {events: ['mutation']}).pipe(
      filter((event) => event.type === 'mutation'),
      take(1),
    )
    const first = firstValueFrom(events)
    await new Promise((resolve) => setTimeout(resolve, 300))
    await t.client.create({_id: 'drafts.secret', _type: 'press', title: '비공개'})
    await t.client.create({_id: 'public-1', _type: 'press', title: '공개'})
    expect(await first).toMatchObject({documentId: 'public-1', result: {title: '공개'}})
  })
})

describe('documents by id', () => {
  it('lists the ids that do not exist under omitted, as the Studio expects', async () => {
    const response = await fetch(api('/data/doc/test/public-1,missing-1'))
    expect(await response.json()).toMatchObject({
      documents: [{_id: 'public-1'}],
      omitted: [{id: 'missing-1', reason: 'existence'}],
    })
  })
})
