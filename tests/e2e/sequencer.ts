import {BaseSequencer, type TestSpecification} from 'vitest/node'

/**
 * Browser-test files in a fixed order (by path), with the load test last: its thousand
 * leads and its outage of the delivery target must not change what the others see.
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
