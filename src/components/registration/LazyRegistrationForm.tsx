import {lazy} from 'react'

/**
 * The registration form's code, loaded on demand by the popup and the home page. The one
 * import() lives here, in a module every page loads with its first scripts: Vite then loads
 * the form's chunk without the page's stylesheet, which a page's own import() would insert
 * a second time (the browser restyling and laying out the whole page again).
 */
export const loadRegistrationForm = () => import('./RegistrationForm.tsx')

export const LazyRegistrationForm = lazy(() =>
  loadRegistrationForm().then((module) => ({default: module.RegistrationForm})),
)
