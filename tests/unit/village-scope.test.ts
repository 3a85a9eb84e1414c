import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { applyMigrations } from '../support/migrations'

// Many villages in one install (REGENCY_HOST, decisions 055 and 064): everything that holds a village's data fails
// closed outside a village's scope, naming what was reached, instead of falling back to the root uploads folder or
// the default database. This process is a regency install from its first import on (the environment is read once).
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-unit-scope-'))
process.env.REGENCY_HOST = 'kabupaten.test'
process.env.DATABASE_URL = `file:${path.join(root, 'default.db')}`
process.env.DATA_DIR = path.join(root, 'data')
process.env.UPLOADS_DIR = path.join(root, 'uploads')
const villageFile = path.join(root, 'village.db')
{
  const db = new Database(villageFile)
  applyMigrations(db)
  db.close()
}
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

const scope = await import('~/utils/village-scope.server')
const village = scope.newScope({
  id: '0123456789abcdef',
  slug: 'sukamaju',
  databaseFile: villageFile,
  databaseSchema: '',
  storagePrefix: 'villages/0123456789abcdef',
})
afterAll(() => scope.closeScope(village))

const outside = (what: RegExp) => new RegExp(`${what.source} reached outside any village scope`)

describe('with REGENCY_HOST, outside any village scope', () => {
  it('the storage, the row reader, the data version and the Prisma client throw, naming what was reached', async () => {
    const { storage } = await import('~/utils/upload-pipeline.server')
    const { readRows } = await import('~/public-reads/row-reader.server')
    const { dataVersion, freshDataVersion } = await import('~/utils/data-version.server')
    const { prisma } = await import('~/utils/db.server')
    expect(() => storage()).toThrow(outside(/the storage \(uploads\)/))
    await expect(readRows('SELECT 1 AS one', [])).rejects.toThrow(outside(/the public reader \(row-reader\)/))
    expect(() => dataVersion()).toThrow(outside(/the data version/))
    await expect(freshDataVersion()).rejects.toThrow(outside(/the data version/))
    expect(() => prisma.post.count()).toThrow(outside(/the Prisma client/))
    // Nothing was made in the root uploads folder or the default database meanwhile.
    expect(fs.existsSync(process.env.UPLOADS_DIR!)).toBe(false)
    expect(fs.existsSync(path.join(root, 'default.db'))).toBe(false)
  })

  it('every module-level cache keyed by village throws through its one helper, scopeKey', async () => {
    const { cachedRead } = await import('~/public-reads/read-memo.server')
    expect(() => scope.scopeKey('the response cache')).toThrow(outside(/the response cache/))
    expect(() => cachedRead('posts', async () => [])).toThrow(outside(/the read memo/))
    const custom = scope.perVillage('a test memo', () => new Map<string, number>())
    expect(() => custom()).toThrow(scope.OutsideScopeError)
  })

  it('a new village cache cannot forget the village: its own key is kept per village, and outside any it throws', async () => {
    const { villageCache } = await import('~/utils/village-cache.server')
    const memo = villageCache<string>('a new memo', { maxEntries: 10 })
    const other = scope.newScope({
      id: 'fedcba9876543210',
      slug: 'mekarsari',
      databaseFile: '',
      databaseSchema: '',
      storagePrefix: '',
    })
    expect(() => memo.get('key', 1)).toThrow(outside(/a new memo/))
    expect(() => memo.here()).toThrow(outside(/a new memo/))
    scope.inScope(village, () => {
      expect(memo.get('key', 1)).toBeUndefined()
      expect(memo.set('key', 1, 'of sukamaju')).toBe(true)
    })
    scope.inScope(other, () => {
      expect(memo.get('key', 1)).toBeUndefined()
      memo.set('key', 1, 'of mekarsari')
      expect(memo.get('key', 1)).toBe('of mekarsari')
    })
    scope.inScope(village, () => expect(memo.get('key', 1)).toBe('of sukamaju'))
  })

  it("inside a village's scope the same calls reach that village's own database and folder", async () => {
    const { storage } = await import('~/utils/upload-pipeline.server')
    const { readRows } = await import('~/public-reads/row-reader.server')
    const { dataVersion } = await import('~/utils/data-version.server')
    const { cachedRead } = await import('~/public-reads/read-memo.server')
    await scope.inScope(village, async () => {
      expect(scope.scopeKey()).toBe('0123456789abcdef')
      expect(storage().describe()).toBe(path.join(root, 'uploads', 'villages', '0123456789abcdef'))
      expect(await readRows<{ count: number }>('SELECT count(*) AS count FROM posts', [])).toEqual([{ count: 0 }])
      expect(dataVersion()).toBeGreaterThanOrEqual(0)
      expect(await cachedRead('answer', async () => 42)).toBe(42)
    })
  })
})
