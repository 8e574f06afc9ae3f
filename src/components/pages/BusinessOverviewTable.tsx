import type {ComplexFactsData} from '#src/lib/content-pages/complex-facts.ts'
import {
  formatArea,
  formatCount,
  formatFloors,
  formatPercent,
} from '#src/lib/content-pages/korean-format.ts'

type Overview = NonNullable<ComplexFactsData['overview']>

/**
 * The table's rows in the order a Korean business overview lists them; empty figures are left out.
 */
export function overviewRows(overview: Overview): Array<[string, string]> {
  const rows: Array<[string, string | null]> = [
    ['사업명', overview.projectName ?? null],
    ['대지위치', overview.location ?? null],
    ['공급유형', overview.supplyType ?? null],
    ['임대기간', overview.rentalYears != null ? `${overview.rentalYears}년` : null],
    ['대지면적', overview.siteArea != null ? formatArea(overview.siteArea) : null],
    ['건축면적', overview.buildingArea != null ? formatArea(overview.buildingArea) : null],
    ['연면적', overview.grossFloorArea != null ? formatArea(overview.grossFloorArea) : null],
    ['용적률', overview.floorAreaRatio != null ? formatPercent(overview.floorAreaRatio) : null],
    [
      '건축규모',
      overview.aboveGroundFloors != null
        ? formatFloors(overview.basementFloors, overview.aboveGroundFloors)
        : null,
    ],
    ['동수', overview.buildings != null ? formatCount(overview.buildings, '개 동') : null],
    ['세대수', overview.units != null ? formatCount(overview.units, '세대') : null],
    ['주택형', overview.unitSizes ?? null],
  ]
  return rows.filter((row): row is [string, string] => Boolean(row[1]))
}

/**
 * /BusinessGuide/intro: the business-overview singleton as a two-column table. The page's
 * own heading already says 사업개요 above it: the caption names the table for screen
 * readers only.
 */
export function BusinessOverviewTable({overview}: {overview: Overview | null}) {
  if (!overview) return null
  return (
    <table className="overview-table">
      <caption className="visually-hidden">사업개요</caption>
      <tbody>
        {overviewRows(overview).map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
