import { STUDIO_ENV_KEYS } from './env'

interface NamedPlugin {
  name?: string
}
type PluginTree = NamedPlugin | PluginTree[] | false | null | undefined

/**
 * The project's own Vite is 8 (Rolldown) while `sanity dev` runs Vite 7. The hoisted
 * @vitejs/plugin-react sees Vite 8 and hands Vite 7 Rolldown's native refresh wrapper, which
 * fails on every module ("Missing field `moduleType`"). Without the wrapper the Studio runs
 * with full reloads instead of Fast Refresh; builds never use it.
 */
function withoutRefreshWrapper(plugins: PluginTree): PluginTree {
  if (Array.isArray(plugins)) return plugins.map(withoutRefreshWrapper)
  return plugins && plugins.name === 'vite:react:refresh-wrapper' ? false : plugins
}

/** Vite settings for the Studio: the project's env names inlined, and a working dev server. */
export function studioViteConfig<T extends { define?: Record<string, unknown>; plugins?: unknown }>(config: T, env: NodeJS.ProcessEnv): T {
  return {
    ...config,
    define: {
      ...config.define,
      // An unset variable stays undefined: for SANITY_API_HOST that differs from empty.
      ...Object.fromEntries(STUDIO_ENV_KEYS.map((key) => [`process.env.${key}`, env[key] === undefined ? 'undefined' : JSON.stringify(env[key])])),
    },
    plugins: withoutRefreshWrapper(config.plugins as PluginTree),
  }
}
