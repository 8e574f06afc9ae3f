import type {Config} from '@netlify/functions'
import {recordsAccess} from './_shared/access/recorded.ts'
import {accessReviewHandler} from './_shared/access/review-handlers.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

export default throughEdgeOnly(recordsAccess({GET: '조회', POST: '입력'}, accessReviewHandler))

export const config: Config = {path: '/api/admin/access-review', method: ['GET', 'POST']}
