import {createLakeQuery} from '#shared/lake-query.ts'
import {siteConfig} from './site-config.ts'

/** The site's reader in the browser: the live press reads after the generated HTML. */
export const siteLake = /* @__PURE__ */ createLakeQuery(siteConfig)
