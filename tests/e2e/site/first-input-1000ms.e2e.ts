import {describeFirstInputs} from './first-input.ts'

// While the page hydrates, on a CPU slowed four times.
describeFirstInputs([1000])
