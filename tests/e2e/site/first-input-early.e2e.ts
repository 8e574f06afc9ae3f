import {describeFirstInputs} from './first-input.ts'

// Before the page's scripts have started, or while they start.
describeFirstInputs([0, 100])
