import {createClient} from '@sanity/client'
import {inject} from 'vitest'

/** The stack's lake as an editor writes to it: what a file publishes, the site is rebuilt for. */
export const lakeWriter = createClient({
  projectId: 'lakeside',
  dataset: 'production',
  apiHost: inject('lakeUrl'),
  useProjectHostname: false,
  useCdn: false,
  apiVersion: '2025-02-19',
  token: inject('writeToken'),
})
