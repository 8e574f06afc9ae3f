import {describeFirstInputs} from './first-input.ts'

// While the page's scripts load, on a CPU slowed four times.
describeFirstInputs([500])
