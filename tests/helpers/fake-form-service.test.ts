import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'
import {startFakeFormService, type FakeFormService} from './fake-form-service.ts'

describe('fake form service', () => {
  let service: FakeFormService
  beforeAll(async () => {
    service = await startFakeFormService()
  })
  afterAll(async () => {
    await service.close()
  })
  beforeEach(() => {
    service.setMode('ok')
    service.reset()
  })

  const postLead = (id: string) =>
    fetch(`${service.url}/leads`, {
      method: 'POST',
      headers: {'Content-Type': 'application/json', 'Idempotency-Key': id},
      body: JSON.stringify({id, name: '홍길동'}),
      signal: AbortSignal.timeout(1000),
    })

  it(
    'records what it accepts, with the ' + 'Idempotency-Key, and shows it on GET /__received',
    async () => {
      expect((await postLead('a')).status).toBe(200)
      expect(service.received).toEqual([{id: 'a', name: '홍길동', idempotencyKey: 'a'}])
      expect(await (await fetch(`${service.url}/__received`)).json()).toEqual(service.received)
    },
  )

  it('is switched between modes over HTTP, for tests in another process', async () => {
    const setMode = (mode: string) =>
      fetch(`${service.url}/__mode`, {
        method: 'POST',
        headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({mode}),
      })
    expect((await setMode('fail')).status).toBe(200)
    expect((await postLead('b')).status).toBe(500)
    await setMode('down')
    await expect(postLead('c')).rejects.toThrow()
    await setMode('slow')
    await expect(postLead('d')).rejects.toThrow(/timeout|aborted/i)
    expect((await setMode('sideways')).status).toBe(400)
    await setMode('ok')
    expect((await postLead('e')).status).toBe(200)
    expect(service.received.map((lead) => lead.id)).toEqual(['e'])
    expect(service.requests()).toBe(4)
    expect((await fetch(`${service.url}/__reset`, {method: 'POST'})).status).toBe(204)
    expect(service.received).toEqual([])
  })
})
