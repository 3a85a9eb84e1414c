import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyMigrations } from '../support/migrations'

// The modules below open the database on first use: point them at a throw-away one, migrated, with 20 posts.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-unit-memo-'))
const dbFile = path.join(root, 'unit.db')
process.env.DATABASE_URL = `file:${dbFile}`
process.env.UPLOADS_DIR = path.join(root, 'uploads')
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))
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

let listPage: typeof import('~/models/crud.server').listPage
let cachedRead: typeof import('~/public-reads/read-memo.server').cachedRead
let prisma: typeof import('~/utils/db.server').prisma
beforeAll(async () => {
  listPage = (await import('~/models/crud.server')).listPage
  cachedRead = (await import('~/public-reads/read-memo.server')).cachedRead
  prisma = (await import('~/utils/db.server')).prisma
  // The first import of the app's server modules (Prisma, the routes' helpers) takes seconds on a busy machine.
}, 60_000)

describe('listPage with the read memo', () => {
  it('answers pages past the last one from the count, keeping nothing of their own', async () => {
    const calls = { count: 0, findMany: 0 }
    const delegate = {
      count: (args: { where: object }) => (calls.count++, prisma.post.count(args)),
      findMany: (args: any) => (calls.findMany++, prisma.post.findMany(args)),
    }
    const list = (page: number) =>
      listPage(delegate, {
        table: 'posts',
        select: { id: true, title: true },
        searchColumns: ['title'],
        query: { page, search: '', limit: 9 },
        path: '/x',
        memo: cachedRead,
      })
    const first = await list(1)
    expect(first.data.map((row: any) => row.title)).toEqual(Array.from({ length: 9 }, (_, i) => `Berita ${20 - i}`))
    expect(calls).toEqual({ count: 1, findMany: 1 })
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
    expect(calls).toEqual({ count: 1, findMany: 1 })
    // Page 1 was not pushed out by them (the memo holds 500 reads).
    await list(1)
    expect(calls).toEqual({ count: 1, findMany: 1 })
    expect((await list(3)).data.map((row: any) => row.title)).toEqual(['Berita 2', 'Berita 1'])
    expect(calls).toEqual({ count: 1, findMany: 2 })
  })
})
