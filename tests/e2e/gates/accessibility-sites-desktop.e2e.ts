import {describeAccessibility} from '../accessibility.ts'

// The two sites' own pages (customer pages, press lists and press articles), on desktop.
describeAccessibility('sites', ['desktop'])
