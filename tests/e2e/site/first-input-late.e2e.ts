import {describeFirstInputs} from './first-input.ts'

// While the page's scripts load and hydrate, on a CPU slowed four times.
describeFirstInputs([500, 1000])
