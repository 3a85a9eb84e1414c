import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, login, unique } from '../support/api'
import { insertRows, ROOT, startServer, type TestServer } from '../support/server'

// The two executors of the site's reads held equal: every public table the models declare
// (app/public-reads/public-table.server.ts) reads each of its rows, through the row reader, in the very shape Prisma
// gives for the same select (the back office's reads), on SQLite and on PostgreSQL. The app's modules run here, in
// the test's process, on the database of a server of its own (the demo village, plus rows with empty relations).

let server: TestServer
let tables: typeof import('~/public-reads/public-table.server').publicTables
let prisma: typeof import('~/utils/db.server').prisma

/** The Prisma model of each table (`@@map`), read from the schema. */
const MODELS = new Map(
  [
    ...fs
      .readFileSync(path.join(ROOT, 'prisma/schema.prisma'), 'utf8')
      .matchAll(/^model (\w+) \{[\s\S]*?@@map\("(\w+)"\)\n\}/gm),
  ].map(([, model, table]) => [table, model[0].toLowerCase() + model.slice(1)]),
)

beforeAll(async () => {
  server = await startServer()
  // A post whose author is gone and which has no picture: its relation reads null through both executors.
  const token = await login('admin', 'password', server.url)
  const name = unique('penulis')
  const author = await api('POST', '/api/admin/users', {
    token,
    base: server.url,
    json: { name: 'Penulis', username: name, email: `${name}@example.com`, password: 'kata-sandi-kuat', role_ids: [] },
  })
  const roles = await api('GET', '/api/admin/roles/all', { token, base: server.url })
  const adminRole = roles.body.data.find((role: { name: string }) => role.name === 'admin').id
  await api('PUT', `/api/admin/users/${author.body.data.id}`, {
    token,
    base: server.url,
    json: { name: 'Penulis', username: name, email: `${name}@example.com`, role_ids: [adminRole] },
  })
  const authorToken = await login(name, 'kata-sandi-kuat', server.url)
  const categories = await api('GET', '/api/admin/categories/all', { token, base: server.url })
  const form = new FormData()
  form.set('title', unique('Tanpa penulis '))
  form.set('content', '<p>Isi</p>')
  form.set('category_id', String(categories.body.data[0].id))
  expect((await api('POST', '/api/admin/posts', { token: authorToken, base: server.url, form })).status).toBe(201)
  expect((await api('DELETE', `/api/admin/users/${author.body.data.id}`, { token, base: server.url })).status).toBe(200)

  process.env.DATABASE_URL = server.databaseUrl
  process.env.UPLOADS_DIR = server.uploadsDir
  process.env.JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789'
  process.env.DATABASE_POOL = '2'
  // Importing the catalogue of public reads declares every public table.
  await import('~/models/site/public-catalog.server')
  tables = (await import('~/public-reads/public-table.server')).publicTables
  prisma = (await import('~/utils/db.server')).prisma
}, 120_000)

afterAll(async () => {
  await prisma?.$disconnect()
  await server?.stop()
})

describe('the public reads and Prisma', () => {
  it('declare the public tables of the site', () => {
    expect([...tables().keys()].sort()).toEqual(
      expect.arrayContaining(['aparaturs', 'pages', 'photos', 'posts', 'products', 'sliders']),
    )
  })

  it('read every row of every public table in the same shape, values and types', async () => {
    for (const [table, { declaration, byIds }] of tables()) {
      const model = MODELS.get(table)
      expect(model, table).toBeDefined()
      const delegate = (prisma as unknown as Record<string, any>)[model!]
      const ids = (await delegate.findMany({ select: { id: true } })).map((row: { id: number }) => row.id)
      expect(ids.length, `${table} has rows to compare`).toBeGreaterThan(0)
      const viaPrisma = await delegate.findMany({
        where: { id: { in: ids } },
        select: declaration.select,
        orderBy: { id: 'desc' },
      })
      const viaReader = await byIds(ids)
      expect(viaReader, table).toEqual(viaPrisma)
      // toEqual sees a Date and a string alike only if they are equal objects: the types are held here too.
      for (const [index, row] of viaPrisma.entries()) {
        for (const [field, value] of Object.entries(row)) {
          expect(typeof (viaReader[index] as Record<string, unknown>)[field], `${table}.${field}`).toBe(typeof value)
        }
      }
    }
  })
})

// Past DEEP_ROWS rows of a plain list, a page's ids are a slice of the list's whole order, kept per data version
// (app/public-reads/public-table.server.ts): the pages must be the ones SQL's OFFSET gives, before and after a write.
describe('a long public list, paged deep', () => {
  it('gives every page as OFFSET does, from the kept order past DEEP_ROWS, and again after a write', async () => {
    const { DEEP_ROWS } = await import('~/public-reads/public-table.server')
    const category = (await prisma.category.findFirst({ select: { id: true } }))!.id
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString().replace('Z', '+00:00')
    const mark = unique('dalam')
    const columns = ['title', 'slug', 'content', 'category_id', 'status', 'published_at', 'created_at', 'updated_at']
    // Publish times shared by several posts (the order falls back on the id), a draft and a scheduled post among them.
    const rows = Array.from({ length: DEEP_ROWS + 60 }, (_, i) => [
      `${mark} ${i}`,
      `${mark}-${i}`,
      '<p>Isi</p>',
      category,
      i === 7 ? 'draft' : 'published',
      i === 11 ? at(600) : at(-1000 - (i % 40)),
      at(-1000),
      at(-1000),
    ])
    await insertRows(server, 'posts', columns, rows)
    const expected = async () =>
      (
        await prisma.post.findMany({
          where: { status: 'published', published_at: { lte: new Date() } },
          orderBy: [{ published_at: 'desc' }, { id: 'desc' }],
          select: { id: true },
        })
      ).map((row) => row.id)
    const page = async (number: number, limit: number) => {
      const response = await api('GET', `/api/public/posts?page=${number}&limit=${limit}`, { base: server.url })
      expect(response.status).toBe(200)
      return response.body.data.data.map((row: { id: number }) => row.id) as number[]
    }
    const check = async (order: number[]) => {
      expect(order.length).toBeGreaterThan(DEEP_ROWS + 40)
      for (const number of [1, DEEP_ROWS - 1, DEEP_ROWS, DEEP_ROWS + 1, DEEP_ROWS + 2, DEEP_ROWS + 33, order.length])
        expect(await page(number, 1), `page ${number}`).toEqual([order[number - 1]])
      const deep = Math.ceil((DEEP_ROWS + 5) / 7)
      expect(await page(deep, 7)).toEqual(order.slice((deep - 1) * 7, deep * 7))
      expect(await page(order.length + 1, 1)).toEqual([])
    }
    const before = await expected()
    await check(before)

    // A write (a deep post deleted) changes the data version: the kept order is read again.
    const token = await login('admin', 'password', server.url)
    const gone = before[DEEP_ROWS + 10]
    expect((await api('DELETE', `/api/admin/posts/${gone}`, { token, base: server.url })).status).toBe(200)
    const after = await expected()
    expect(after).not.toContain(gone)
    await check(after)
  })
})
