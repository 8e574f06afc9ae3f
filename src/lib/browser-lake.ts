import {createLakeQuery} from '#shared/lake-query.ts'
import {publicConfig} from './public-config.ts'

/** The site's reader in the browser: the live press reads after the generated HTML. */
export const browserLake = /* @__PURE__ */ createLakeQuery(publicConfig)
