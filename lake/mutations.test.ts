import {ClientError} from '@sanity/client'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {startTestLake, TEST_TOKEN, type TestLake} from './test-lake.ts'

let t: TestLake
beforeAll(async () => {
  t = await startTestLake()
})
afterAll(async () => {
  await t.stop()
})

async function failure(promise: Promise<unknown>): Promise<ClientError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ClientError)
  return error as ClientError
}

describe('mutations through @sanity/client', () => {
  it('create generates an _id and system fields', async () => {
    const doc = await t.client.create({_type: 'press', title: '개관 소식'})
    expect(doc._id).toMatch(/^[A-Za-z0-9]{22}$/)
    expect(doc._rev).toBeTruthy()
    expect(doc._createdAt).toBe(doc._updatedAt)
    expect(await t.client.getDocument(doc._id)).toEqual(doc)
  })

  it('create with an _id ending in "." fills in the rest', async () => {
    const doc = await t.client.create({_id: 'drafts.', _type: 'press'})
    expect(doc._id).toMatch(/^drafts\.[A-Za-z0-9]{22}$/)
  })

  it('create refuses an existing _id with 409', async () => {
    await t.client.create({_id: 'dup', _type: 'press'})
    const error = await failure(t.client.create({_id: 'dup', _type: 'press'}))
    expect(error.statusCode).toBe(409)
    expect(error.message).toContain('already exists')
  })

  it('requires _type', async () => {
    const error = await failure(t.client.createOrReplace({_id: 'no-type'} as never))
    expect(error.statusCode).toBe(400)
    expect(await t.client.getDocument('no-type')).toBeUndefined()
  })

  it('createOrReplace replaces, keeps _createdAt, updates _updatedAt and _rev', async () => {
    const first = await t.client.createOrReplace({_id: 'cor', _type: 'press', title: 'A', extra: 1})
    await new Promise((r) => setTimeout(r, 5))
    const second = await t.client.createOrReplace({_id: 'cor', _type: 'press', title: 'B'})
    expect(second.title).toBe('B')
    expect(second).not.toHaveProperty('extra')
    expect(second._createdAt).toBe(first._createdAt)
    expect(second._updatedAt > first._updatedAt).toBe(true)
    expect(second._rev).not.toBe(first._rev)
  })

  it('createIfNotExists leaves an existing document alone', async () => {
    const created = await t.client.createIfNotExists({_id: 'cine', _type: 'press', title: 'first'})
    const again = await t.client.createIfNotExists({_id: 'cine', _type: 'press', title: 'second'})
    expect(again.title).toBe('first')
    expect(again._rev).toBe(created._rev)
  })

  it('patch set, setIfMissing, unset, inc, dec and insert', async () => {
    await t.client.create({
      _id: 'p',
      _type: 'press',
      title: 'old',
      views: 5,
      tags: ['a', 'c'],
      gone: true,
    })
    const doc = await t.client
      .patch('p')
      .set({title: 'new', 'meta.author': '홍보팀'})
      .setIfMissing({summary: '요약', title: 'ignored'})
      .unset(['gone'])
      .inc({views: 2})
      .dec({stock: 3})
      .insert('after', 'tags[0]', ['b'])
      .commit()
    expect(doc).toMatchObject({
      title: 'new',
      meta: {author: '홍보팀'},
      summary: '요약',
      views: 7,
      stock: -3,
      tags: ['a', 'b', 'c'],
    })
    expect(doc).not.toHaveProperty('gone')
  })

  it('inc on a missing field starts from 0', async () => {
    await t.client.create({_id: 'counter', _type: 'press'})
    const doc = await t.client.patch('counter').inc({views: 1}).commit()
    expect(doc.views).toBe(1)
  })

  it(
    'patch with ifRevisionID succeeds on the ' + 'current revision and answers 409 otherwise',
    async () => {
      const doc = await t.client.create({_id: 'rev', _type: 'press', title: 'A'})
      const updated = await t.client.patch('rev').ifRevisionId(doc._rev).set({title: 'B'}).commit()
      expect(updated.title).toBe('B')
      const error = await failure(
        t.client.patch('rev').ifRevisionId(doc._rev).set({title: 'C'}).commit(),
      )
      expect(error.statusCode).toBe(409)
      expect((await t.client.getDocument('rev'))?.title).toBe('B')
    },
  )

  it('patch on a missing document fails', async () => {
    const error = await failure(t.client.patch('missing').set({title: 'x'}).commit())
    expect(error.statusCode).toBe(404)
  })

  it('patch cannot change _id or remove _type', async () => {
    await t.client.create({_id: 'fixed', _type: 'press'})
    const doc = await t.client.patch('fixed').set({_id: 'other'}).commit()
    expect(doc._id).toBe('fixed')
    expect(await t.client.getDocument('other')).toBeUndefined()
    const error = await failure(t.client.patch('fixed').unset(['_type']).commit())
    expect(error.statusCode).toBe(400)
  })

  it('delete by id and by query', async () => {
    await t.client.create({_id: 'del1', _type: 'trash'})
    await t.client.create({_id: 'del2', _type: 'trash'})
    await t.client.create({_id: 'del3', _type: 'trash'})
    await t.client.delete('del1')
    expect(await t.client.getDocument('del1')).toBeUndefined()
    await t.client.delete({query: '*[_type == $type]', params: {type: 'trash'}})
    expect(await t.client.fetch('count(*[_type == "trash"])')).toBe(0)
  })

  it('patch by query updates every match', async () => {
    await t.client.create({_id: 'q1', _type: 'bulk', n: 1})
    await t.client.create({_id: 'q2', _type: 'bulk', n: 2})
    await t.client.mutate([{patch: {query: '*[_type == "bulk"]', inc: {n: 10}}}])
    expect(await t.client.fetch('*[_type == "bulk"] | order(_id) .n')).toEqual([11, 12])
  })

  it('a transaction commits all its mutations with one revision', async () => {
    const result = await t.client
      .transaction()
      .create({_id: 'tx1', _type: 'press'})
      .createOrReplace({_id: 'tx2', _type: 'press'})
      .patch('tx1', (p) => p.set({title: 'in tx'}))
      .commit()
    expect(result.documentIds).toEqual(['tx1', 'tx2', 'tx1'])
    const [tx1, tx2] = await t.client.getDocuments(['tx1', 'tx2'])
    expect(tx1?.title).toBe('in tx')
    expect(tx1?._rev).toBe(result.transactionId)
    expect(tx2?._rev).toBe(result.transactionId)
  })

  it('a failing transaction changes nothing', async () => {
    await t.client.create({_id: 'keep', _type: 'press', views: 1})
    const error = await failure(
      t.client
        .transaction()
        .patch('keep', (p) => p.inc({views: 1}))
        .create({_id: 'rolled-back', _type: 'press'})
        .create({_id: 'keep', _type: 'press'})
        .commit(),
    )
    expect(error.statusCode).toBe(409)
    expect((await t.client.getDocument('keep'))?.views).toBe(1)
    expect(await t.client.getDocument('rolled-back')).toBeUndefined()
  })

  it('returnDocuments=false answers ids only', async () => {
    const result = await t.client.create(
      {_id: 'ids-only', _type: 'press'},
      {returnDocuments: false},
    )
    expect(result).toMatchObject({
      documentId: 'ids-only',
      results: [{id: 'ids-only', operation: 'create'}],
    })
  })

  it('malformed mutations answer 400 in Sanity error shape', async () => {
    const cases: unknown[] = [
      [{explode: {_id: 'x'}}],
      [{create: 'not an object'}],
      [{patch: {id: 'p', inc: {views: 'one'}}}],
      [{patch: {id: 'p', frobnicate: {}}}],
      [{patch: {set: {a: 1}}}],
      [{create: {_id: 'bad id!', _type: 'press'}}],
      [],
    ]
    for (const mutations of cases) {
      const error = await failure(t.client.mutate(mutations as never))
      expect(error.statusCode).toBe(400)
      expect(JSON.parse(error.responseBody ?? '{}').error.type).toBeTruthy()
    }
  })

  it('serializes 200 concurrent inc of one field to exactly +200', async () => {
    await t.client.create({_id: 'hot', _type: 'press', views: 0})
    await Promise.all(
      Array.from({length: 200}, () =>
        t.client.patch('hot').inc({views: 1}).commit({returnDocuments: false}),
      ),
    )
    expect((await t.client.getDocument('hot'))?.views).toBe(200)
  })

  it('writes survive a restart', async () => {
    await t.client.create({_id: 'persist', _type: 'press', title: '남아야 함'})
    await t.client.delete('dup')
    await t.restart()
    expect((await t.client.getDocument('persist'))?.title).toBe('남아야 함')
    expect(await t.client.getDocument('dup')).toBeUndefined()
    expect((await t.client.getDocument('hot'))?.views).toBe(200)
  })

  it('writes need the token', async () => {
    const error = await failure(t.anonymous.create({_type: 'press'}))
    expect(error.statusCode).toBe(401)
    const wrong = await failure(t.clientFor({token: `${TEST_TOKEN}x`}).create({_type: 'press'}))
    expect(wrong.statusCode).toBe(401)
  })
})
