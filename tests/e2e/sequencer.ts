import {BaseSequencer, type TestSpecification} from 'vitest/node'

/**
 * Browser-test files in a fixed order (by path), with the reliability tests last: their
 * hundred leads, their outage of the delivery target and their full function slots must not
 * change what the others see. Vitest then splits this order into the config's groups
 * (files beside others first, then the files that run alone), keeping it within each.
 */
export default class BrowserTestSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const isLoadTest = (file: TestSpecification) => file.moduleId.includes('/reliability/')
    return [...files].sort(
      (a, b) =>
        Number(isLoadTest(a)) - Number(isLoadTest(b)) || a.moduleId.localeCompare(b.moduleId),
    )
  }
}
