import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
// @ts-expect-error express ships without types here (the server around the app is plain JavaScript)
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { documentFiles } from '../../server/document-files.mjs'

// server/document-files.mjs pipes a document's PDF or preview to the reader. A reader who leaves the page before the
// first byte goes out (the browser drops a preview it no longer shows) is no fault of the server's: nothing is
// answered and nothing reaches the error handler, which would log it as an unexpected error.

let server: http.Server
let port: number
const errors: unknown[] = []
let answered: () => void
let hungUp: Promise<void>

beforeAll(async () => {
  const build = {
    entry: {
      module: {
        // The answer comes only once the reader has gone, as when the file is slow to open.
        documentFileAnswer: async () => {
          await hungUp
          answered()
          return { status: 200, headers: { 'Content-Type': 'image/png' }, body: Readable.from([Buffer.alloc(1024)]) }
        },
      },
    },
  }
  const app = express()
  app.use(documentFiles({ build }))
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- Express knows an error handler by its four parameters
  app.use((error: unknown, _req: unknown, res: http.ServerResponse, _next: unknown) => {
    errors.push(error)
    res.statusCode = 500
    res.end()
  })
  server = http.createServer(app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('a document file whose reader has left', () => {
  it('is dropped without an error', async () => {
    for (const file of ['pratinjau.png', 'unduh']) {
      const served = new Promise<void>((resolve) => (answered = resolve))
      hungUp = new Promise<void>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () =>
          socket.write(`GET /dokumen/perdes-1/${file} HTTP/1.1\r\nHost: desa.test\r\n\r\n`, () => socket.destroy()),
        )
        // The server's side of the socket has seen the close by the time the answer is ready.
        socket.on('close', () => setTimeout(resolve, 50))
      })
      await served
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(errors).toEqual([])
  })
})
