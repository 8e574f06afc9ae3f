import {Navigate, useLocation} from 'react-router'
import {useLayoutData} from '#src/lib/layout-data.ts'
import {redirectTarget} from '../lib/page-paths.ts'
import type {Route} from './+types/redirect'

/**
 * Old addresses (/Promotion/Press, /Promotion/Customer, /LocationEnvironment/premium)
 * reached by client navigation: replace the history entry with the current address.
 * The server answers the same addresses with 301 (netlify.toml, build/client/_redirects).
 */
export const meta: Route.MetaFunction = () => [{name: 'robots', content: 'noindex, follow'}]

export default function Redirect() {
  const {pathname} = useLocation()
  const {settings} = useLayoutData()
  return <Navigate to={redirectTarget(pathname, settings.defaultSite) ?? '/'} replace />
}
