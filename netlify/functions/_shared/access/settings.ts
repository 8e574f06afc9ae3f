import {setting, type Env} from '#config/settings.ts'

/**
 * How many distinct leads one person may open within an hour before the review flags it
 * (`ACCESS_BULK_THRESHOLD`). Read per request, so a change holds without a restart.
 */
export const bulkThreshold = (env: Env = process.env): number =>
  setting('ACCESS_BULK_THRESHOLD', env)
