import {describe, expect, it} from 'vitest'
import {floorPlanSubNav} from './floor-plan-nav.ts'

const unitTypes = ['59A', '59B', '84A', '84B', '114A', '114B', '119B'].map((slug) => ({
  slug,
  code: slug === '114A' ? '84C' : slug,
  label: slug === '114A' ? '84C' : slug,
}))
const emodel = {path: '/FloorPlan/Emodel', title: 'E-모델하우스'}

describe('floorPlanSubNav', () => {
  it('lists 84A, 84B, 84C (the 114A page) and the E-model house under a floor plan', () => {
    expect(floorPlanSubNav(false, unitTypes, emodel).map((link) => [link.title, link.url])).toEqual(
      [
        ['84A', '/FloorPlan/84A'],
        ['84B', '/FloorPlan/84B'],
        ['84C', '/FloorPlan/114A'],
        ['E-모델하우스', '/FloorPlan/Emodel'],
      ],
    )
  })

  it('starts with 59A and 59B under the coming-soon placeholder', () => {
    expect(floorPlanSubNav(true, unitTypes, emodel).map((link) => link.title)).toEqual([
      '59A',
      '59B',
      '84A',
      '84B',
      '84C',
      'E-모델하우스',
    ])
  })

  it('leaves out types and pages the content does not have', () => {
    const links = floorPlanSubNav(
      false,
      unitTypes.filter((type) => type.slug !== '84B'),
      null,
    )
    expect(links.map((link) => link.title)).toEqual(['84A', '84C'])
  })
})
