import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { applyMigrations } from '../support/migrations'

// The modules below open the database on first use: point them at a throw-away one, migrated, with 20 posts.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-unit-memo-'))
const dbFile = path.join(root, 'unit.db')
process.env.DATABASE_URL = `file:${dbFile}`
process.env.UPLOADS_DIR = path.join(root, 'uploads')
afterAll(async () => {
  // Close the app's connection once its start-up statements have run, before its file goes.
  const db = await import('~/utils/db.server')
  await db.dbReady.catch(() => undefined)
  await db.prisma.$disconnect()
  fs.rmSync(root, { recursive: true, force: true })
})
{
  const db = new Database(dbFile)
  applyMigrations(db)
  db.exec("INSERT INTO categories (id, name, slug, updated_at) VALUES (1, 'c', 'c', '2026-01-01')")
  const post = db.prepare(
    "INSERT INTO posts (title, slug, content, category_id, updated_at) VALUES (?, ?, '', 1, '2026-01-01')",
  )
  for (let i = 1; i <= 20; i++) post.run(`Berita ${i}`, `berita-${i}`)
  db.close()
}

// Every statement of the public reads is counted on its way to the database.
vi.mock('~/public-reads/row-reader.server', async (original) => {
  const actual = await original<typeof import('~/public-reads/row-reader.server')>()
  return { ...actual, readRows: vi.fn(actual.readRows) }
})

let publicTable: typeof import('~/public-reads/public-table.server').publicTable
let readRows: { mock: { calls: unknown[] } }
beforeAll(async () => {
  publicTable = (await import('~/public-reads/public-table.server')).publicTable
  readRows = (await import('~/public-reads/row-reader.server')).readRows as unknown as typeof readRows
  // The first import of the app's server modules (Prisma, the routes' helpers) takes seconds on a busy machine.
}, 60_000)

describe('a public list with the read memo', () => {
  it('answers pages past the last one from the count, keeping nothing of their own', async () => {
    const table = publicTable<{ id: number; title: string }>({
      table: 'posts',
      select: { id: true, title: true },
      searchColumns: ['title'],
    })
    const statements = () => readRows.mock.calls.length
    const list = (page: number) => table.list({ page, search: '', limit: 9 }, '/x')
    const first = await list(1)
    expect(first.data.map((row) => row.title)).toEqual(Array.from({ length: 9 }, (_, i) => `Berita ${20 - i}`))
    // The count, the page's ids, the page's rows.
    expect(statements()).toBe(3)
    // A thousand pages past the end: correct empty pages, and no read but the (kept) count.
    for (let page = 4; page < 1004; page++) {
      expect(await list(page)).toMatchObject({
        current_page: page,
        last_page: 3,
        data: [],
        from: null,
        to: null,
        total: 20,
      })
    }
    expect(statements()).toBe(3)
    // Page 1 was not pushed out by them (the memo holds 500 reads).
    await list(1)
    expect(statements()).toBe(3)
    expect((await list(3)).data.map((row) => row.title)).toEqual(['Berita 2', 'Berita 1'])
    expect(statements()).toBe(5)
  })
})
