import {deployEventHandler} from './_shared/operations/deploy-events.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

/**
 * Netlify runs it when a build of the site starts (the file's name is the event's); see
 * ./_shared/operations/deploy-events.ts.
 */
export default throughEdgeOnly(deployEventHandler('building'))
