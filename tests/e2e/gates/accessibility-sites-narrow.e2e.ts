import {describeAccessibility} from '../accessibility.ts'

// The two sites' own pages (customer pages, press lists and press articles), on a phone.
describeAccessibility('sites', ['narrow'])
