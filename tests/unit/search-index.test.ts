import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { substringSearchSql } from '~/public-reads/search-sql.server'
import { applyMigrations } from '../support/migrations'

// The committed migrations, applied to a database in memory: the same tables, indexes and triggers as a real site.
const db = new Database(':memory:')
applyMigrations(db)
afterAll(() => db.close())

/** The site's answer: the statement search.server.ts runs. */
const indexed = (table: string, columns: string[], term: string) => {
  const { sql, params } = substringSearchSql(table, columns, term)
  return (db.prepare(sql).all(...params) as { id: number }[]).map((row) => row.id)
}
/** The plain LIKE scan over the table itself: every character literal, A-Z folded. */
const plainLike = (table: string, columns: string[], term: string) => {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const where = columns.map((column) => `"${column}" LIKE ? ESCAPE '\\'`).join(' OR ')
  return (
    db
      .prepare(`SELECT id FROM "${table}" NOT INDEXED WHERE ${where} ORDER BY id DESC`)
      .all(...columns.map(() => pattern)) as { id: number }[]
  ).map((row) => row.id)
}
/** What the contract says, in JavaScript: a substring of one column, ASCII letters folded. */
const fold = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase())
const oracle = (rows: { id: number; values: (string | null)[] }[], term: string) =>
  rows
    .filter((row) => row.values.some((value) => value !== null && fold(value).includes(fold(term))))
    .map((row) => row.id)
    .sort((a, b) => b - a)

const TITLES = [
  'Panen Raya Desa Sukamaju',
  'PANEN padi',
  'panen',
  'Diskon 100% pupuk',
  '100 persen hadir',
  'snake_case_name',
  'snakeXcaseYname',
  "Jum'at bersih",
  'Kata "kutipan" di judul',
  'Back\\slash dan garis',
  'École du village',
  'ÉCOLE besar',
  'école kecil',
  'Café desa',
  'Musyawarah perencanaan pembangunan desa (Musrenbangdes)',
  'Gotong-royong warga RT 01/RW 02',
  'naïve ﬁsh (ligature)',
  'Kelvin \u212a sign',
  'Straße Jalan',
  'İstanbul kota',
  'emoji 🌾 panen 🌾',
  'tab\tdi tengah',
  'a',
  'ab',
  'abc',
  '',
  'Ünïcödé ÜBER alles',
  'ǅemal title case',
  '%_%',
  '___',
  '%%%',
  'x'.repeat(300),
]
const TERMS = [
  'panen',
  'PANEN',
  'Panen Raya',
  'pan',
  'pa',
  'p',
  'desa',
  'DESA',
  '100%',
  '%',
  '_',
  '%_',
  '_case_',
  'snake_case',
  "'",
  "jum'at",
  '"kutipan"',
  '"',
  '\\',
  'back\\slash',
  'école',
  'École',
  'ÉCOLE',
  'cole',
  'é',
  'é',
  'café',
  'CAFÉ',
  'musrenbangdes',
  '(musrenbangdes)',
  '01/rw',
  '-royong',
  'ﬁsh',
  'fish',
  'k sign',
  '\u212a',
  'k',
  'strasse',
  'straße',
  'STRASSE',
  'i̇stanbul',
  'istanbul',
  '🌾',
  '🌾 panen',
  '🌾a',
  'tab\tdi',
  'ab',
  'abc',
  'ABC',
  'ünïcödé',
  'ÜNÏCÖDÉ',
  'über',
  'ǆemal',
  'ǅemal',
  '%%',
  '___',
  'xxx',
  'x'.repeat(200),
  'zzz tidak ada',
  ' ',
  'a\0b',
  '\0\0\0',
]

describe('substring search from the trigram index', () => {
  let rows: { id: number; values: (string | null)[] }[]
  beforeAll(() => {
    db.exec(
      'INSERT INTO users (id, name, username, email, password, updated_at) ' +
        "VALUES (1, 'a', 'a', 'a@a', 'x', '2026-01-01')",
    )
    db.exec("INSERT INTO categories (id, name, slug, updated_at) VALUES (1, 'c', 'c', '2026-01-01')")
    const post = db.prepare(
      "INSERT INTO posts (title, slug, content, category_id, updated_at) VALUES (?, ?, '', 1, '2026-01-01')",
    )
    const product = db.prepare(
      'INSERT INTO products (title, slug, content, owner, price, phone, address, updated_at) ' +
        "VALUES (?, ?, '', ?, 1, '1', 'a', '2026-01-01')",
    )
    TITLES.forEach((title, i) => {
      post.run(title, `p${i}`)
      product.run(`Produk ${i}`, `q${i}`, title)
    })
    rows = (db.prepare('SELECT id, title FROM posts').all() as { id: number; title: string }[]).map((row) => ({
      id: row.id,
      values: [row.title],
    }))
  })

  it('answers exactly the plain LIKE scan, for every tricky term', () => {
    for (const term of TERMS) {
      expect(indexed('posts', ['title'], term), JSON.stringify(term)).toEqual(plainLike('posts', ['title'], term))
      expect(indexed('products', ['title', 'owner'], term), JSON.stringify(term)).toEqual(
        plainLike('products', ['title', 'owner'], term),
      )
    }
  })

  it('is the contract: a literal substring, A-Z folded, nothing else folded', () => {
    for (const term of TERMS.filter((term) => !term.includes('\0'))) {
      expect(indexed('posts', ['title'], term), JSON.stringify(term)).toEqual(oracle(rows, term))
    }
    expect(indexed('posts', ['title'], 'école')).toHaveLength(1)
    expect(indexed('posts', ['title'], '100%')).toHaveLength(1)
    expect(indexed('posts', ['title'], 'snake_case')).toHaveLength(1)
  })

  it('takes terms of 3 characters or more from the index, shorter ones from the column copy', () => {
    const plan = (term: string) => {
      const { sql, params } = substringSearchSql('posts', ['title'], term)
      return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[])
        .map((row) => row.detail)
        .join(' ')
    }
    expect(substringSearchSql('posts', ['title'], 'panen').sql).toContain('MATCH')
    expect(plan('panen')).toMatch(/VIRTUAL TABLE INDEX \d+:M/)
    // Two UTF-16 units but one character: no trigram, so no MATCH.
    expect(substringSearchSql('posts', ['title'], '🌾a').sql).not.toContain('MATCH')
    expect(substringSearchSql('posts', ['title'], 'pa').sql).not.toContain('MATCH')
    expect(plan('pa')).not.toMatch(/SCAN posts\b/)
    // A table without an index is scanned as before.
    expect(substringSearchSql('roles', ['name'], 'admin').sql).toMatch(/FROM "roles"/)
  })

  it('stays in step with inserts, updates and deletes, whoever writes them', () => {
    const before = indexed('posts', ['title'], 'lumbung')
    const { lastInsertRowid } = db
      .prepare(
        'INSERT INTO posts (title, slug, content, category_id, updated_at) ' +
          "VALUES ('Lumbung padi', 'lumbung', '', 1, '2026-01-01')",
      )
      .run()
    const id = Number(lastInsertRowid)
    expect(indexed('posts', ['title'], 'lumbung')).toEqual([id, ...before])
    db.prepare("UPDATE posts SET title = 'Balai pertemuan' WHERE id = ?").run(id)
    expect(indexed('posts', ['title'], 'lumbung')).toEqual(before)
    expect(indexed('posts', ['title'], 'pertemuan')).toEqual([id])
    db.prepare("UPDATE posts SET content = 'lumbung' WHERE id = ?").run(id)
    expect(indexed('posts', ['title'], 'pertemuan')).toEqual([id])
    db.prepare('DELETE FROM posts WHERE id = ?').run(id)
    expect(indexed('posts', ['title'], 'pertemuan')).toEqual([])
    for (const term of TERMS) expect(indexed('posts', ['title'], term)).toEqual(plainLike('posts', ['title'], term))
  })
})
