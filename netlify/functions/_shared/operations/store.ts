import {getStore} from '@netlify/blobs'

export function operationsStore() {
  return getStore({name: 'operations', consistency: 'strong'})
}
