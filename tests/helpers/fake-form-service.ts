import {createServer, type IncomingMessage, type ServerResponse} from 'node:http'
import type {AddressInfo} from 'node:net'
import type {ForwardedBody} from '#shared/leads/lead.ts'

/**
 * ok: 200 and the lead is recorded; fail: 500; down: the connection is closed without
 * an answer; slow: no answer for 6 s (past the 5 s forwarding timeout), then 200 only
 * if the caller is still waiting.
 */
export const FORM_SERVICE_MODES = ['ok', 'fail', 'down', 'slow'] as const
export type FormServiceMode = (typeof FORM_SERVICE_MODES)[number]

/** A lead as the service accepted it, with the Idempotency-Key it came with. */
export type ReceivedLead = ForwardedBody & {idempotencyKey: string | null}

export interface FakeFormService {
  url: string
  /** Leads answered with 200, in arrival order (duplicates included, so tests can see them). */
  received: ReceivedLead[]
  /** Every lead POST, whatever the mode answered. */
  requests(): number
  setMode(mode: FormServiceMode): void
  /** Forgets what was received and counted (between tests). */
  reset(): void
  close(): Promise<void>
}

const SLOW_MS = 6000

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function send(res: ServerResponse, status: number, body?: unknown): void {
  res.writeHead(status, body === undefined ? {} : {'Content-Type': 'application/json'})
  res.end(body === undefined ? undefined : JSON.stringify(body))
}

/**
 * The external form-collection service, for tests: an HTTP server on 127.0.0.1 that
 * takes leads on any path. Tests in another process drive it through `GET /__received`
 * (the received leads as JSON), `POST /__mode` with `{"mode": "..."}` and `POST /__reset`.
 */
export async function startFakeFormService({
  port = 0,
}: {port?: number} = {}): Promise<FakeFormService> {
  const received: ReceivedLead[] = []
  let requests = 0
  let mode: FormServiceMode = 'ok'
  const reset = () => {
    received.length = 0
    requests = 0
  }

  async function control(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    if (req.method === 'GET' && path === '/__received') return send(res, 200, received)
    if (req.method === 'POST' && path === '/__reset') {
      reset()
      return send(res, 204)
    }
    if (req.method === 'POST' && path === '/__mode') {
      const next = (JSON.parse((await readText(req)) || '{}') as {mode?: unknown}).mode
      if (!FORM_SERVICE_MODES.includes(next as FormServiceMode))
        return send(res, 400, {error: `mode must be one of ${FORM_SERVICE_MODES.join(', ')}`})
      mode = next as FormServiceMode
      return send(res, 200, {mode})
    }
    send(res, 404, {error: 'unknown control endpoint'})
  }

  async function lead(req: IncomingMessage, res: ServerResponse): Promise<void> {
    requests++
    if (mode === 'down') {
      req.socket.destroy()
      return
    }
    const text = await readText(req)
    if (mode === 'fail') return send(res, 500, {ok: false})
    let body: ForwardedBody
    try {
      body = JSON.parse(text) as ForwardedBody
    } catch {
      return send(res, 400, {ok: false})
    }
    const accept = () => {
      received.push({
        ...body,
        idempotencyKey: (req.headers['idempotency-key'] as string | undefined) ?? null,
      })
      send(res, 200, {ok: true})
    }
    if (mode === 'ok') return accept()
    const timer = setTimeout(accept, SLOW_MS)
    res.on('close', () => clearTimeout(timer))
  }

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    const handle = path.startsWith('/__')
      ? control(req, res, path)
      : req.method === 'POST'
        ? lead(req, res)
        : Promise.resolve(send(res, 405))
    handle.catch(() => send(res, 400, {error: 'bad request'}))
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const {port: actual} = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${actual}`,
    received,
    requests: () => requests,
    setMode(next) {
      mode = next
    },
    reset,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      )
    },
  }
}
