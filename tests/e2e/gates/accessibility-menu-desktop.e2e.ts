import {describeAccessibility} from '../accessibility.ts'

// The pages of the site menu's sections (/Brand … /SalesInfo), on desktop.
describeAccessibility('menu', ['desktop'])
