// Writes the technical drawings into content/images/: `npx tsx art/plans/generate.ts`.
import {writeFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'
import {renderContractDocuments} from './contract-documents.ts'
import {renderFloorPlan} from './floorplan-render.ts'
import {unitPlans} from './floorplan-types.ts'
import {renderLakeViewLayout} from './lake-view-layout.ts'
import {renderLocationMap} from './location-map.ts'
import {renderRentalGuide} from './rental-guide.ts'
import {renderSalesSchedule} from './sales-schedule.ts'
import {renderSitePlan} from './site-plan.ts'

/** Every drawing this generator owns, by file name in content/images/. */
export const drawings: Record<string, () => string> = {
  ...Object.fromEntries(
    unitPlans.map((plan) => [
      `floorplan-${plan.type.toLowerCase()}.svg`,
      () => renderFloorPlan(plan),
    ]),
  ),
  'site-plan.svg': renderSitePlan,
  'lake-view-layout.svg': renderLakeViewLayout,
  'location-map.svg': renderLocationMap,
  'sales-schedule.svg': renderSalesSchedule,
  'contract-documents.svg': renderContractDocuments,
  'rental-guide.svg': renderRentalGuide,
}

export const imagesDir = fileURLToPath(new URL('../../content/images/', import.meta.url))

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [name, render] of Object.entries(drawings)) {
    const svg = render()
    writeFileSync(imagesDir + name, svg)
    console.log(`${name}  ${(svg.length / 1024).toFixed(1)} KB`)
  }
}
