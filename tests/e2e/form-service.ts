import {expect, inject} from 'vitest'
import type {FormServiceMode} from '../helpers/fake-form-service.ts'

/* The stack's fake form-collection service, driven from a test: its mode and what it received. */

/** Puts the service in `mode` (every lead answered 200, 500, or the connection dropped…). */
export async function setFormServiceMode(mode: FormServiceMode): Promise<void> {
  const response = await fetch(`${inject('formServiceUrl')}/__mode`, {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify({mode}),
  })
  expect(response.ok).toBe(true)
}

/** Everything the service answered 200, in arrival order. */
export async function formServiceReceived<T>(): Promise<T[]> {
  return (await (await fetch(`${inject('formServiceUrl')}/__received`)).json()) as T[]
}
