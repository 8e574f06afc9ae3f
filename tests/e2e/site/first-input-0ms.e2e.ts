import {describeFirstInputs} from './first-input.ts'

// Before the page's scripts have started, on a CPU slowed four times.
describeFirstInputs([0])
