// @vitest-environment jsdom
import {cleanup, render, screen} from '@testing-library/react'
import {afterEach, describe, expect, it} from 'vitest'
import {UnitFacts} from './UnitFacts.tsx'

afterEach(cleanup)

const rows = () =>
  screen
    .queryAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent])

describe('UnitFacts', () => {
  it('lists a supplied type’s areas, households and rooms as terms and values', () => {
    render(
      <UnitFacts
        unit={{
          exclusiveArea: 84.93,
          supplyArea: 114.02,
          households: 88,
          bedrooms: 3,
          bathrooms: 2,
        }}
      />,
    )
    expect(rows()).toEqual([
      ['전용면적', '84.93㎡'],
      ['공급면적', '114.02㎡'],
      ['세대수', '88세대'],
      ['구성', '방 3 · 욕실 2'],
    ])
  })

  it('leaves out what the content does not give (a type not supplied has no households)', () => {
    render(<UnitFacts unit={{exclusiveArea: 59.97, supplyArea: 80.12, bedrooms: 3}} />)
    expect(rows()).toEqual([
      ['전용면적', '59.97㎡'],
      ['공급면적', '80.12㎡'],
      ['구성', '방 3'],
    ])
  })

  it('renders nothing without figures', () => {
    const {container} = render(<UnitFacts unit={{}} />)
    expect(container.innerHTML).toBe('')
  })
})
