import {readFileSync} from 'node:fs'
import {parse} from 'groq-js'
import {describe, expect, it} from 'vitest'
import * as siteQueries from '../src/lib/queries.ts'
import {makeView} from './dataset-views.ts'
import type {SanityDocument} from './documents.ts'
import {ANONYMOUS_QUERY_COST_LIMIT, estimateQueryCost} from './query-cost.ts'
import {planQuery} from './query-plan.ts'

function costOf(
  query: string,
  docs: SanityDocument[],
  params: Record<string, unknown> = {},
): number {
  return estimateQueryCost(planQuery(parse(query, {params}), params, makeView(docs)), docs.length)
}

function documents(count: number): SanityDocument[] {
  return Array.from({length: count}, (_, i) => ({
    _id: `d${i}`,
    _type: i % 2 ? 'a' : 'b',
    _rev: 'r',
    _createdAt: '',
    _updatedAt: '',
    n: i,
  }))
}

// The seed content with 10,000 press posts more: a dataset far larger than the site's.
function largeSiteDataset(): SanityDocument[] {
  const seed = readFileSync(new URL('../content/production.ndjson', import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as SanityDocument)
  const sites = seed.filter((doc) => doc._type === 'site').map((doc) => doc._id)
  const press = Array.from({length: 10_000}, (_, i) => ({
    _id: `press-extra-${i}`,
    _type: 'press',
    _rev: 'r',
    _createdAt: '',
    _updatedAt: '',
    site: {_type: 'reference', _ref: sites[i % sites.length]},
    title: `보도자료 ${i}`,
    date: `2024-01-${String(1 + (i % 28)).padStart(2, '0')}`,
  }))
  return [...seed, ...press]
}

describe('estimateQueryCost', () => {
  it('multiplies by the dataset size for each scan nested in a scan', () => {
    const docs = documents(100)
    const one = costOf('count(*[n > 3])', docs)
    const two = costOf('count(*[count(*[_id != ^._id]) > 0])', docs)
    const three = costOf('count(*[count(*[count(*[_id != ^.^._id]) > 0]) > 0])', docs)
    expect(two / one).toBeGreaterThan(50)
    expect(three / two).toBeGreaterThan(50)
  })

  it('charges a scan the planner narrowed for what is left of it', () => {
    const docs = documents(1000)
    // `_id == $id` leaves one document per inner scan: the outer scan decides the cost.
    expect(costOf('*[_type == "a"]{"same": *[_id == $id][0]}', docs, {id: 'd5'})).toBeLessThan(
      costOf('*[_type == "a"]{"same": *[_id == ^._id][0]}', docs) / 100,
    )
  })

  it('counts a slice of a scan as its length', () => {
    const docs = documents(1000)
    expect(costOf('*[_type == "a"][0...2]{"all": count(*)}', docs)).toBeLessThan(
      costOf('*[_type == "a"]{"all": count(*)}', docs) / 100,
    )
  })

  it('charges projections, conditions and object attributes inside a scan per element', () => {
    const docs = documents(1000)
    const plain = costOf('*[n > 1]', docs)
    expect(costOf('*[n > 1]{"x": select(n > 5 => *[_id == ^._id], null)}', docs)).toBeGreaterThan(
      plain * 100,
    )
  })

  it(
    'keeps every query of the site under the anonymous limit ' +
      'over 10,000 press posts, and the nested probe over it',
    () => {
      const docs = largeSiteDataset()
      const params = {
        site: 'daegu',
        slug: '84A',
        siteId: 'site-daegu',
        id: 'press-extra-5',
        path: '/Brand/intro',
        paths: ['/Brand/intro'],
        afterDate: '2024-01-15',
        afterId: 'press-extra-500',
      }
      const queries = Object.entries(siteQueries as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      )
      expect(queries.length).toBeGreaterThan(10)
      for (const [name, query] of queries) {
        const used = Object.fromEntries(
          Object.entries(params).filter(([key]) => query.includes(`$${key}`)),
        )
        expect(costOf(query, docs, used), name).toBeLessThan(ANONYMOUS_QUERY_COST_LIMIT / 4)
      }
      expect(
        costOf('count(*[count(*[count(*[_id != ^.^._id]) > 0]) > 0])', documents(130)),
      ).toBeGreaterThan(ANONYMOUS_QUERY_COST_LIMIT)
    },
  )
})
