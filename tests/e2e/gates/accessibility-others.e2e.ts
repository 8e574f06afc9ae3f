import {describeAccessibility} from '../accessibility.ts'

// Home, privacy, registration results, admin, E-model tours and the 404 page.
describeAccessibility('others')
