import {STUDIO_ENV_KEYS} from './env.ts'

interface NamedPlugin {
  name?: string
}
type PluginTree = NamedPlugin | PluginTree[] | false | null | undefined

/**
 * The project's own Vite is 8 (Rolldown) while `sanity dev` runs Vite 7. The hoisted
 * @vitejs/plugin-react sees Vite 8 and hands Vite 7 Rolldown's native refresh wrapper, which
 * fails on every module ("Missing field `moduleType`"). Without the wrapper the Studio runs
 * with full reloads instead of Fast Refresh; builds never use it. The plugin is found by its
 * name, which is not an API (docs/decisions/008-other-packages-internals.md).
 */
export const REFRESH_WRAPPER = 'vite:react:refresh-wrapper'

function withoutRefreshWrapper(plugins: PluginTree): PluginTree {
  if (Array.isArray(plugins)) return plugins.map(withoutRefreshWrapper)
  return plugins && plugins.name === REFRESH_WRAPPER ? false : plugins
}

export const STUDIO_WATCH_IGNORED = [
  '**/build/**',
  '**/.data/**',
  '**/.netlify/**',
  '**/studio-dist/**',
]

/** Vite settings for the Studio: the project's env names inlined, and a working dev server. */
export function studioViteConfig<
  T extends {define?: Record<string, unknown>; plugins?: unknown; server?: {watch?: object | null}},
>(config: T, env: NodeJS.ProcessEnv): T {
  return {
    ...config,
    // The site's builds and the local data change all the time and are no part of the Studio.
    server: {...config.server, watch: {...config.server?.watch, ignored: STUDIO_WATCH_IGNORED}},
    define: {
      ...config.define,
      // An unset variable stays undefined: for SANITY_API_HOST that differs from empty.
      ...Object.fromEntries(
        STUDIO_ENV_KEYS.map((key) => [
          `process.env.${key}`,
          env[key] === undefined ? 'undefined' : JSON.stringify(env[key]),
        ]),
      ),
    },
    plugins: withoutRefreshWrapper(config.plugins as PluginTree),
  }
}
