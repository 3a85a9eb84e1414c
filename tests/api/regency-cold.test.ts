import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { regencyClient } from '../support/regency'
import { onPostgres, startServer, type TestServer } from '../support/server'

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 })

/**
 * Many villages in one install on SQLite (decision 055): a village whose handle left the least-recently-used list is
 * opened again by its next request, and a public page then needs only its read connection, never its Prisma client
 * (whose opening costs more than the page: docs/performance.md "Many villages"). The server logs each Prisma client
 * it opens at the debug level. On PostgreSQL the public reader itself runs on Prisma, so this is SQLite's.
 */
const REGENCY = 'kab.test'

let server: TestServer
const { call, host, loginAt, newVillage, newPost } = regencyClient(() => server, REGENCY)

describe.skipIf(onPostgres())('a village opened anew serves its public pages without a Prisma client', () => {
  beforeAll(async () => {
    server = await startServer({
      env: { REGENCY_HOST: REGENCY, TRUST_PROXY: '0', SITE_URL: undefined, VILLAGE_HANDLES: '2', LOG_LEVEL: 'debug' },
    })
  })

  afterAll(async () => {
    await server?.stop()
    if (server && !process.env.KEEP_TEST_DATA) fs.rmSync(server.dir, { recursive: true, force: true })
  })

  it('opens only its read connection for the home page, the news and the settings; Prisma for the admin', async () => {
    const regencyToken = await loginAt(REGENCY, 'kabupaten', 'password')
    const a = await newVillage(regencyToken, 'sukamaju', 'Desa Sukamaju')
    await newPost(host('sukamaju'), a.token, 'Kerja Bakti Sukamaju')
    // Two more villages: with two handles, sukamaju's is closed (nothing of it in use).
    await newVillage(regencyToken, 'mekarsari', 'Desa Mekarsari')
    await newVillage(regencyToken, 'cibodas', 'Desa Cibodas')
    const opened = () =>
      server.logs().filter((line) => line.event === 'village-prisma-open' && line.village === 'sukamaju').length
    const before = opened()
    expect(before).toBeGreaterThan(0)

    for (const address of ['/', '/posts', '/api/public/posts', '/api/public/settings']) {
      const answer = await call(host('sukamaju'), 'GET', address)
      expect(answer.status, address).toBe(200)
    }
    expect((await call(host('sukamaju'), 'GET', '/')).text).toContain('Kerja Bakti Sukamaju')
    // The log line of an opening is written before the request is answered; give the pipe a moment.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(opened()).toBe(before)

    // The admin's reads are Prisma's: the client opens now, once.
    expect((await call(host('sukamaju'), 'GET', '/api/admin/me', { token: a.token })).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(opened()).toBe(before + 1)
  })
})
