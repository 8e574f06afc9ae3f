// @vitest-environment jsdom
import {cleanup, render, screen} from '@testing-library/react'
import {afterEach, describe, expect, it} from 'vitest'
import {BusinessOverviewTable} from './BusinessOverviewTable.tsx'

afterEach(cleanup)

const overview = {
  projectName: '솔담 레이크파크',
  location: '울산광역시 남구',
  siteArea: 106050.4985,
  buildingArea: 13404.3638,
  grossFloorArea: 376069.7623,
  floorAreaRatio: 229.55,
  basementFloors: 3,
  aboveGroundFloors: 15,
  buildings: 9,
  units: 440,
  unitSizes: '84㎡ A·B·C타입',
  supplyType: '장기일반민간임대주택',
  rentalYears: 10,
}

const rows = () =>
  screen
    .getAllByRole('row')
    .map((row) => [row.querySelector('th')?.textContent, row.querySelector('td')?.textContent])

describe('business overview table', () => {
  it('writes the figures the Korean way, one labelled row each', () => {
    render(<BusinessOverviewTable overview={overview} />)
    expect(screen.getByRole('table', {name: '사업개요'})).toBeTruthy()
    expect(rows()).toEqual([
      ['사업명', '솔담 레이크파크'],
      ['대지위치', '울산광역시 남구'],
      ['공급유형', '장기일반민간임대주택'],
      ['임대기간', '10년'],
      ['대지면적', '106,050.4985㎡'],
      ['건축면적', '13,404.3638㎡'],
      ['연면적', '376,069.7623㎡'],
      ['용적률', '229.55%'],
      ['건축규모', '지하 3층 ~ 지상 15층'],
      ['동수', '9개 동'],
      ['세대수', '440세대'],
      ['주택형', '84㎡ A·B·C타입'],
    ])
  })

  it('leaves out figures the content does not give', () => {
    render(
      <BusinessOverviewTable overview={{...overview, buildingArea: null, rentalYears: null}} />,
    )
    expect(rows().map(([label]) => label)).not.toContain('건축면적')
    expect(rows().map(([label]) => label)).not.toContain('임대기간')
  })
})
