import type {PublicConfig} from './public-config.ts'

/** In the browser the configuration is the one the build inlined: there is no environment. */
export function publicConfigFrom(): PublicConfig {
  throw new Error('The site reads its public configuration from the build, not an environment')
}
