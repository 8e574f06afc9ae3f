import {getStore} from '@netlify/blobs'

/**
 * The operations' Blobs store: cheap markers that a scheduled run reads without waking the
 * database (each job's last run, the next due work). Records stay in Postgres. Called inside
 * a handler, where the platform has set up the Blobs environment.
 */
export function operationsStore() {
  return getStore({name: 'operations', consistency: 'strong'})
}
