import {positiveInt} from '../rate-limit.ts'

/** The review's threshold by default: more distinct leads than this opened in an hour. */
export const BULK_THRESHOLD_DEFAULT = 50

/**
 * How many distinct leads one person may open within an hour before the review flags it
 * (`ACCESS_BULK_THRESHOLD`). Read per request, so a change holds without a restart.
 */
export const bulkThreshold = (env: Record<string, string | undefined> = process.env): number =>
  positiveInt(env.ACCESS_BULK_THRESHOLD, BULK_THRESHOLD_DEFAULT)
