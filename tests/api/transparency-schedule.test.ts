import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, expectSuccess, login, unique } from '../support/api'
import { startServer, testClock, type TestServer } from '../support/server'

// A budget year or a development project scheduled for later appears at its time, at every public door, without any
// write in between (docs/api.md "Drafts and scheduled publishing", app/models/content/publishing.server.ts: their tables are
// among the published ones whose times expire the caches). The server is this file's own, with a clock the test moves.

const clock = testClock()
let server: TestServer
let admin: string
const HOUR = 3600_000

const call = (method: string, path: string, options: Parameters<typeof api>[2] = {}) =>
  api(method, path, { ...options, base: server.url })
const status = async (path: string) => (await fetch(server.url + path)).status

beforeAll(async () => {
  server = await startServer({ env: clock.env })
  admin = await login('admin', 'password', server.url)
}, 90_000)

afterAll(async () => {
  await server?.stop()
  clock.remove()
})

describe('scheduled budgets and projects', () => {
  it('are absent until their time, then appear at every public door with no write in between', async () => {
    const at = new Date(Date.now() + HOUR).toISOString()
    const scheduled = { status: 'published', published_at: at }
    expectSuccess(
      await call('POST', '/api/admin/budgets', {
        token: admin,
        json: {
          year: 2091,
          items: [{ type: 'pendapatan', group: 'Transfer', name: 'Dana Desa', amount: 100 }],
          ...scheduled,
        },
      }),
      201,
    )
    const project = expectSuccess(
      await call('POST', '/api/admin/developments', {
        token: admin,
        json: {
          title: unique('Jalan Terjadwal '),
          location: 'Dusun Krajan',
          year: 2091,
          budget: 1000,
          funding_source: 'Dana Desa',
          ...scheduled,
        },
      }),
      201,
    )
    const doors = [
      '/api/public/budgets/2091',
      '/apbdes/2091',
      '/apbdes/2091.csv',
      `/api/public/developments/${project.slug}`,
      `/pembangunan/${project.slug}`,
    ]
    const years = async () => (await call('GET', '/api/public/budgets')).body.data.map((row: any) => row.year)
    const titles = async () =>
      (await call('GET', '/api/public/developments?year=2091')).body.data.data.map((row: any) => row.id)
    // Asked twice: whatever a cache kept now must expire by itself.
    for (let round = 0; round < 2; round++) {
      for (const path of doors) expect(await status(path), path).toBe(404)
      expect(await years()).not.toContain(2091)
      expect(await titles()).toEqual([])
    }
    clock.move(HOUR + 60_000)
    for (const path of doors) expect(await status(path), path).toBe(200)
    expect(await years()).toContain(2091)
    expect(await titles()).toEqual([project.id])
    expect(await (await fetch(`${server.url}/apbdes`)).text()).toContain('APBDes 2091')
  })
})
