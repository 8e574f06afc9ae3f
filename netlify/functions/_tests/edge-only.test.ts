import {readdirSync} from 'node:fs'
import {afterEach, expect, it, vi} from 'vitest'
import {EDGE_ONLY_MESSAGE, EDGE_SECRET_ENV} from '../_shared/gates/visitor.ts'

type Handler = (req: Request, context: unknown) => Promise<Response>

const FUNCTIONS_DIR = new URL('..', import.meta.url)
const functionFiles = readdirSync(FUNCTIONS_DIR).filter((name) => name.endsWith('.mts'))

afterEach(() => vi.unstubAllEnvs())

// A new function file that forgets the wrapper fails here, not in a probe of the stack.
it.each(functionFiles)(
  '%s answers only calls that came through the local edge proxy',
  async (file) => {
    vi.stubEnv(EDGE_SECRET_ENV, 'stack-secret-0123456789')
    const {default: handler} = (await import(new URL(file, FUNCTIONS_DIR).href)) as {
      default: Handler
    }
    for (const method of ['GET', 'POST']) {
      const answer = await handler(new Request('http://127.0.0.1/api/anything', {method}), {})
      expect(answer.status).toBe(403)
      expect(await answer.json()).toEqual({ok: false, error: EDGE_ONLY_MESSAGE})
    }
  },
)
