import type {Config} from '@netlify/functions'
import {accessReviewDueHandler} from './_shared/access/review-handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

/** Reads no one's data (whether last month was reviewed): not in the access record. */
export default throughEdgeOnly(accessReviewDueHandler)

export const config: Config = {path: '/api/admin/access-review/due', method: ['GET']}
