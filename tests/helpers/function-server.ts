/**
 * Serves one Netlify function (the default export of the module named on the command
 * line) on a free loopback port, whatever the path, for tests that must kill the process
 * that runs it. Prints `listening <port>` once it answers.
 */
import {createServer} from 'node:http'
import type {AddressInfo} from 'node:net'
import {resolve} from 'node:path'
import {pathToFileURL} from 'node:url'

type Handler = (
  req: Request,
  context: {ip: string; params: Record<string, string>},
) => Promise<Response>

const {default: handler} = (await import(pathToFileURL(resolve(process.argv[2] ?? '')).href)) as {
  default: Handler
}

const server = createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
    const request = new Request(`http://127.0.0.1${req.url ?? '/'}`, {
      method: req.method,
      headers: Object.entries(req.headers).flatMap(([name, value]) =>
        typeof value === 'string' ? [[name, value] as [string, string]] : [],
      ),
      body: hasBody ? Buffer.concat(chunks) : undefined,
    })
    handler(request, {ip: req.socket.remoteAddress ?? '', params: {}})
      .then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers))
        res.end(Buffer.from(await response.arrayBuffer()))
      })
      .catch((error: unknown) => {
        console.error(error)
        res.writeHead(500).end()
      })
  })
})
server.listen(0, '127.0.0.1', () =>
  console.log(`listening ${(server.address() as AddressInfo).port}`),
)
