import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT, startServer, testClock, type TestServer } from '../support/server'

// Issue 15: no stack trace or server path in any answer, in any mode. `npm run dev` (server.mjs --dev, Vite's
// middleware) runs Remix with its production error handling: in Remix's development mode an unexpected error's
// message and stack go into the page's hydration data and the `.data` answers. The log keeps them.

const clock = testClock()
let server: TestServer

beforeAll(async () => {
  server = await startServer({ args: ['--dev'], env: clock.env })
  // Vite compiles the routes on the first request.
  expect((await fetch(`${server.url}/posts`)).status).toBe(200)
}, 120_000)

afterAll(async () => {
  await server?.stop()
  clock.remove()
})

describe('npm run dev', () => {
  it('answers an unexpected error in a loader without its message, stack or server paths, and logs it', async () => {
    // An impossible time: the first read of the database with "now" in a loader throws.
    clock.move(1e300)
    for (const path of ['/posts?search=tidak-tersimpan-1', '/posts.data?search=tidak-tersimpan-2']) {
      const response = await fetch(`${server.url}${path}`, { headers: { Cookie: 'sesi=1' } })
      expect(response.status, path).toBe(500)
      const body = await response.text()
      // The page still names its modules by their URLs (Vite's, in this mode): no file of the server's disk.
      expect(body, path).not.toMatch(/Invalid|Prisma|RangeError|node_modules|\.server\.ts|at [\w.<>]+ \(/)
      expect(body, path).not.toContain(ROOT)
      expect(body, path).toContain('Unexpected Server Error')
    }
    const logged = server.logs().filter((line) => line.level === 'error' && line.msg === 'unexpected error')
    // Each failed loader is logged (the layout's announcements and the list both read with "now"), with its stack.
    expect([...new Set(logged.map((line) => line.path))]).toEqual(['/posts', '/posts.data'])
    for (const line of logged) expect(String((line.err as { stack?: string }).stack)).toContain('app/public-reads/')
  }, 60_000)
})
