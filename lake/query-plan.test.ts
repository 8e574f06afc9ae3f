import {evaluate, parse} from 'groq-js'
import {describe, expect, it} from 'vitest'
import type {SanityDocument} from './documents.ts'
import {planQuery, primitiveAt, type DatasetView} from './query-plan.ts'

function view(docs: SanityDocument[]): DatasetView & {scanned: () => number} {
  let scanned = 0
  return {
    docs,
    scanned: () => scanned,
    index(path) {
      const map = new Map<unknown, SanityDocument[]>()
      for (const doc of docs) {
        const value = primitiveAt(doc, path)
        if (value === null || typeof value === 'object') continue
        map.set(value, [...(map.get(value) ?? []), doc])
      }
      scanned++
      return map
    },
  }
}

// A deliberately messy dataset: ties, missing fields, mixed types, nested objects.
function dataset(): SanityDocument[] {
  const docs: SanityDocument[] = []
  const dates = ['2025-01-01', '2025-02-01', '2025-02-01', '2025-03-01', undefined, 20250101]
  for (let i = 0; i < 120; i++) {
    const doc: Record<string, unknown> = {
      _id: `d${String((i * 37) % 120).padStart(3, '0')}`,
      _type: i % 3 === 0 ? 'site' : 'press',
      _rev: 'r',
      _createdAt: '',
      _updatedAt: '',
    }
    if (i % 7 !== 0) doc.site = {_type: 'reference', _ref: `s${i % 4}`}
    if (i % 11 === 0) doc.site = [`s${i % 4}`]
    const date = dates[i % dates.length]
    if (date !== undefined) doc.date = date
    doc.views = i % 5 === 0 ? String(i) : i % 13
    if (i % 9 === 0) doc.flag = true
    docs.push(doc as SanityDocument)
  }
  return docs
}

const QUERIES: Array<[string, Record<string, unknown>]> = [
  [
    '*[_type == "press" && site._ref == $site && (date < $date || (date == ' +
      '$date && _id < $id))] | order(date desc, _id desc)[0...11]{_id, date}',
    {site: 's1', date: '2025-02-01', id: 'd050'},
  ],
  ['*[_type == "press"] | order(date desc, _id desc)[0...5]._id', {}],
  ['*[_type == "press" && views > 3] | order(views asc, date desc)[2..6]._id', {}],
  ['*[site._ref == "s2" && !(date >= "2025-02-01")] | order(date)[0...10]._id', {}],
  [
    '*[_type == $type && (flag == true || views == 4)] | order(_id desc)[0...3]._id',
    {type: 'press'},
  ],
  ['*[date != null && date <= 20250101] | order(date desc)[0...20]._id', {}],
  ['*[_type == "press" && defined(date)] | order(date desc, _id asc)[0...7]._id', {}],
  ['*[_type == "press" && site._ref in ["s1", "s3"]] | order(site desc)[0...9]._id', {}],
  ['count(*[_type == "site" && views == 0])', {}],
  [
    '*[_type == "site"]{_id, "press": *[_type == "press" && site._ref ' +
      '== "s" + string(^.views)] | order(_id)[0...2]._id}[0...4]',
    {},
  ],
  ['*[views == "0" || views == 0] | order(views)._id', {}],
  [
    '*[_type == "press" && date > "2025-01-01"] | ' +
      'order(date desc, views desc)[0...4]{_id, date, views}',
    {},
  ],
]

describe('query planning gives exactly what groq-js gives on the whole dataset', () => {
  for (const [query, params] of QUERIES) {
    it(query, async () => {
      const docs = dataset()
      const tree = parse(query, {params})
      const plain = await (await evaluate(tree, {dataset: docs, params})).get()
      const planned = await (
        await evaluate(planQuery(tree, params, view(docs)), {dataset: docs, params})
      ).get()
      expect(planned).toEqual(plain)
    })
  }

  it('hands groq-js only the page when the filter and order are understood', () => {
    const docs = dataset()
    const query =
      '*[_type == "press" && site._ref == $site && (date < $date || (date ' +
      '== $date && _id < $id))] | order(date desc, _id desc)[0...3]{_id}'
    const params = {site: 's1', date: '2025-03-01', id: 'd050'}
    const planned = planQuery(parse(query, {params}), params, view(docs)) as unknown as {
      base: {base: {base: {base: {value: unknown[]}}}}
    }
    expect(planned.base.base.base.base.value).toHaveLength(3)
  })
})
