import {describeFirstInputs} from './first-input.ts'

// While the page's scripts start, on a CPU slowed four times.
describeFirstInputs([100])
