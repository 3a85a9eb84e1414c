import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { regencyClient } from '../support/regency'
import { onPostgres, queryDb, startServer, type TestServer } from '../support/server'

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 })

/**
 * Many villages in one install on PostgreSQL (decision 055), served by two instances on one database, as a regency
 * behind a load balancer runs it: the registry, each village's data version and its write lock are the database's,
 * so a village made, changed or suspended through one instance is so at the other from the next request or within a
 * second, in its own village only.
 */
const REGENCY = 'kab.test'
const POOL = 2

let a: TestServer
let b: TestServer
const atA = regencyClient(() => a, REGENCY)
const atB = regencyClient(() => b, REGENCY)

/** Polls `read` until `done` holds of its answer, for at most `ms`; returns the last answer. */
async function within<T>(ms: number, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const until = Date.now() + ms
  let value = await read()
  while (!done(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    value = await read()
  }
  return value
}

describe.skipIf(!onPostgres())('two instances of a regency on one PostgreSQL database', () => {
  let regencyToken: string

  beforeAll(async () => {
    // Two connections in each instance's pool for every village: the bound the last test holds them to.
    const env = { REGENCY_HOST: REGENCY, TRUST_PROXY: '0', SITE_URL: undefined, DATABASE_POOL: String(POOL) }
    a = await startServer({ env })
    b = await startServer({ dir: a.dir, env })
    regencyToken = await atA.loginAt(REGENCY, 'kabupaten', 'password')
  })

  afterAll(async () => {
    await a?.stop()
    await b?.stop()
    if (a && !process.env.KEEP_TEST_DATA) fs.rmSync(a.dir, { recursive: true, force: true })
  })

  it('keeps each village in a schema of its own, and the registry in its own schema', async () => {
    const sukamaju = await atA.newVillage(regencyToken, 'sukamaju', 'Desa Sukamaju')
    const schemas = await queryDb<{ name: string }>(
      a,
      "SELECT nspname AS name FROM pg_namespace WHERE nspname IN ('public', 'registry', 'regency') " +
        "OR nspname LIKE 'village\\_%' ORDER BY nspname",
    )
    expect(schemas.map((row) => row.name)).toEqual(
      expect.arrayContaining(['regency', 'registry', `village_${sukamaju.village.id}`]),
    )
    // Nothing of any site in `public`: every query names or finds its own schema.
    const publicTables = await queryDb(a, "SELECT 1 FROM information_schema.tables WHERE table_schema = 'public'")
    expect(publicTables).toEqual([])
    const [row] = await queryDb<{ n: string }>(
      a,
      `SELECT COUNT(*) AS n FROM "village_${sukamaju.village.id}"."users" WHERE "username" = 'admin'`,
    )
    expect(Number(row.n)).toBe(1)
  })

  it('serves at B at once a village made at A, and its writes within a second, in its own village only', async () => {
    const cibodas = await atA.newVillage(regencyToken, 'cibodas', 'Desa Cibodas', { domains: ['cibodas.desa.id'] })
    const mekarsari = await atA.newVillage(regencyToken, 'mekarsari', 'Desa Mekarsari')
    // B had never heard of it: it reads the registry again before answering an unknown host.
    const settings = await atB.call(atB.host('cibodas'), 'GET', '/api/public/settings')
    expect(settings.status, settings.text).toBe(200)
    expect(settings.body.data.site_name).toBe('Desa Cibodas')
    expect((await atB.call('cibodas.desa.id', 'GET', '/api/public/settings')).status).toBe(200)
    // A's token works at B (the same village), never at another village.
    expect((await atB.call(atB.host('cibodas'), 'GET', '/api/admin/me', { token: cibodas.token })).status).toBe(200)
    expect((await atB.call(atB.host('mekarsari'), 'GET', '/api/admin/me', { token: cibodas.token })).status).toBe(401)

    // B's caches hold the village's (empty) list; a post made at A shows there within a second.
    const news = (site: string) => atB.call(site, 'GET', '/api/public/posts?search=Musyawarah')
    expect((await news(atB.host('cibodas'))).body.data.total).toBe(0)
    const post = await atA.newPost(atA.host('cibodas'), cibodas.token, 'Musyawarah Desa Cibodas')
    const started = Date.now()
    const seen = await within(
      1500,
      () => news(atB.host('cibodas')),
      (answer) => answer.body.data.total === 1,
    )
    expect(seen.body.data.data.map((item: { id: number }) => item.id)).toEqual([post.id])
    expect(Date.now() - started).toBeLessThan(1500)
    expect((await news(atB.host('mekarsari'))).body.data.total).toBe(0)
    expect((await atA.call(atA.host('mekarsari'), 'GET', '/api/public/posts?search=Musyawarah')).body.data.total).toBe(
      0,
    )
    // Writes in two villages at once, through both instances: each village's lock is its own.
    const both = await Promise.all([
      atA.newPost(atA.host('mekarsari'), mekarsari.token, 'Panen Raya Mekarsari'),
      atB.newPost(atB.host('cibodas'), cibodas.token, 'Panen Raya Cibodas'),
    ])
    expect(both.map((item) => item.title)).toEqual(['Panen Raya Mekarsari', 'Panen Raya Cibodas'])
  })

  it('suspends and resumes at B, within a second, a village suspended and resumed at A', async () => {
    const listed = await atA.call(REGENCY, 'GET', '/api/regency/villages?search=cibodas', { token: regencyToken })
    const id = listed.body.data.data[0].id as string
    const status = (value: string) =>
      atA.call(REGENCY, 'PUT', `/api/regency/villages/${id}`, { token: regencyToken, json: { status: value } })
    const home = () => atB.call(atB.host('cibodas'), 'GET', '/api/public/settings')
    expect((await home()).status).toBe(200)
    expect((await status('suspended')).status).toBe(200)
    expect((await within(1500, home, (answer) => answer.status === 503)).status).toBe(503)
    expect((await status('active')).status).toBe(200)
    // A suspended host is looked up again before B answers 503.
    expect((await home()).status).toBe(200)
  })

  it('holds at most DATABASE_POOL + 7 connections an instance, however many villages it serves at once', async () => {
    const villages = [
      ...(await atA.call(REGENCY, 'GET', '/api/regency/villages?limit=100', { token: regencyToken })).body.data.data,
    ].map((village: { slug: string }) => village.slug)
    for (const slug of ['cikaret', 'cibeber', 'cisarua', 'cimahi']) {
      await atA.newVillage(regencyToken, slug, `Desa ${slug}`)
      villages.push(slug)
    }
    expect(villages.length).toBeGreaterThanOrEqual(7)
    // Every village at once through both instances: pages, the public API and the admin's (Prisma) reads.
    const load = villages.flatMap((slug) =>
      [atA, atB].flatMap((at) =>
        ['/', '/api/public/posts', '/api/public/settings', '/berita'].map((address) =>
          at.call(at.host(slug), 'GET', address),
        ),
      ),
    )
    const answers = await Promise.all(load)
    expect(answers.map((answer) => answer.status).filter((status) => status !== 200)).toEqual([])
    const [{ n }] = await queryDb<{ n: string }>(
      a,
      'SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    )
    // Each instance: its villages' pool (POOL), the data versions' (2) and the registry's (2) pools, two listeners
    // and the write lock's connection (18 here when this was written), and one more each for a moment: a village's
    // creation migrates its schema on a connection of its own, whose backend may still be leaving. A pool per village
    // would hold two for each of the seven villages, 42 in all.
    expect(Number(n)).toBeGreaterThan(2)
    expect(Number(n)).toBeLessThanOrEqual(2 * (POOL + 7 + 1))
  })
})
