import {BaseSequencer, type TestSpecification} from 'vitest/node'

/**
 * The files that take longest (40–75 s on two cores): those that walk every page, slow the
 * CPU or open the Studio. They start first, so that at the end of a group the short files
 * fill both workers instead of one long file running beside an idle one. A fresh clone has
 * no record of earlier runs' times to order by.
 */
const LONGEST = [
  /\/gates\/accessibility-/,
  /\/site\/(link-walk|visual-slips|first-input-\d+ms)\.e2e\.ts$/,
  /\/pages\/content-pages\.e2e\.ts$/,
  /\/home\/desktop\.e2e\.ts$/,
  /\/studio\/studio\.e2e\.ts$/,
]

/**
 * Browser-test files in a fixed order: the longest first, then the others by path, and the
 * reliability tests last: their hundred leads, their outage of the delivery target and their
 * full function slots must not change what the others see. Vitest then splits this order
 * into the config's groups (files beside others first, then the files that run alone),
 * keeping it within each.
 */
export default class BrowserTestSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = ({moduleId}: TestSpecification) =>
      moduleId.includes('/reliability/')
        ? 2
        : LONGEST.some((pattern) => pattern.test(moduleId))
          ? 0
          : 1
    return [...files].sort((a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId))
  }
}
