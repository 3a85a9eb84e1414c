import Database from 'better-sqlite3'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, login, unique } from '../support/api'
import { onPostgres, queryDb, startServer, type TestServer } from '../support/server'

// A server of its own: rows are written straight into its database behind the site's back, without telling the
// caches (the data version is left as it was), which shows which answers come from a stored copy. No other file
// writes here.
let server: TestServer
let categoryId: number

beforeAll(async () => {
  server = await startServer({ env: { SEED_DEMO: 'false' } })
  await queryDb(server, "INSERT INTO categories (name, slug, updated_at) VALUES ('Umum', 'umum', '2026-01-01')")
  categoryId = Number((await queryDb<{ id: number }>(server, "SELECT id FROM categories WHERE slug = 'umum'"))[0].id)
})
afterAll(async () => {
  await server?.stop()
})

const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(server.url + path, { headers })
  return { status: response.status, text: await response.text() }
}
const json = async (path: string, headers: Record<string, string> = {}) => JSON.parse((await get(path, headers)).text)

/**
 * A post written straight into the database, the data version left as it was: the site learns of it only at its
 * next own write. SQLite: the trigger's bump is taken back in the same transaction; PostgreSQL: triggers are off for
 * this session (so no bump and no NOTIFY).
 */
async function sneakPost(title: string) {
  const row = [title, unique('slug-'), categoryId]
  const insert =
    'INSERT INTO posts (title, slug, content, category_id, updated_at, published_at) ' +
    "VALUES (?, ?, '<p>Isi</p>', ?, '2026-01-01', '2026-01-01')"
  if (!onPostgres()) {
    const db = new Database(server.dbFile)
    try {
      db.pragma('busy_timeout = 10000')
      db.transaction(() => {
        db.prepare(insert).run(...row)
        db.prepare('UPDATE data_version SET value = value - 1 WHERE id = 1').run()
      })()
    } finally {
      db.close()
    }
    return
  }
  const client = new pg.Client({ connectionString: server.databaseUrl })
  await client.connect()
  try {
    await client.query("SET session_replication_role = 'replica'")
    await client.query(
      'INSERT INTO posts (title, slug, content, category_id, updated_at, published_at) ' +
        "VALUES ($1, $2, '<p>Isi</p>', $3, '2026-01-01', '2026-01-01')",
      row,
    )
  } finally {
    await client.end()
  }
}

describe('one cache entry per canonical address', () => {
  it('answers tracking parameters, page=1 and padding of a search from the plain address, on every door', async () => {
    const word = unique('kanonik')
    expect((await get(`/posts?search=${word}`)).text).toContain('Tidak ada post yang tersedia.')
    expect((await json(`/api/public/posts?search=${word}`)).data.total).toBe(0)
    expect((await get('/')).text).not.toContain(`Baru ${word}`)

    await sneakPost(`Berita ${word}`)
    await sneakPost(`Baru ${word}`)
    // The stored page of the plain address, for every form of it. Another case of the search is another page (the
    // search box shows what the visitor typed), computed from the same read memo: the same matches, until a write.
    for (const path of [
      `/posts?search=${word}&fbclid=IwAR0&page=1`,
      `/posts?search=${word.toUpperCase()}&fbclid=IwAR0&page=1`,
      `/posts?utm_source=wa&search=%20${word}%20`,
      `/posts?gclid=1&search=${word}&limit=x`,
    ]) {
      expect((await get(path)).text, path).toContain('Tidak ada post yang tersedia.')
    }
    expect((await get('/?fbclid=IwAR1&utm_medium=social')).text).not.toContain(`Baru ${word}`)
    // The screens' loaders and the API share one read memo: a visitor with a cookie skips the response cache,
    // yet the same read answers, by the same canonical key, on /berita, /posts.data and the API.
    const cookie = { cookie: 'pilihan=1' }
    expect((await get(`/berita?search=${word}&fbclid=2`, cookie)).text).toContain('Tidak ada post yang tersedia.')
    expect((await get(`/posts.data?search=${word.toUpperCase()}`, cookie)).text).not.toContain(`Berita ${word}`)
    expect((await json(`/api/public/posts?search=${word}&utm_source=x`, cookie)).data.total).toBe(0)
    expect((await json(`/api/public/posts?search=${word.toUpperCase()}`)).data.total).toBe(0)

    // Any write through the site makes every copy stale.
    expect(
      (
        await api('POST', '/api/admin/categories', {
          token: await login('admin', 'password', server.url),
          json: { name: unique('Kategori ') },
          base: server.url,
        })
      ).status,
    ).toBe(201)
    const found = await get(`/posts?search=${word}&fbclid=3`)
    expect(found.text).toContain(`Berita ${word}`)
    expect(found.text).not.toContain('Tidak ada post yang tersedia.')
    expect((await json(`/api/public/posts?search=${word.toUpperCase()}`)).data.total).toBe(2)
    expect((await get('/?fbclid=IwAR4')).text).toContain(`Baru ${word}`)
  })

  it('answers a past-the-end page, and keeps the search in the API links as given', async () => {
    const past = await json('/api/public/posts?page=99999&fbclid=1')
    expect(past.data).toMatchObject({
      current_page: 99999,
      data: [],
      from: null,
      to: null,
      prev_page_url: '/api/public/posts?page=99998',
    })
    // The API writes the search into its links as it was given (trimmed), whichever copy answers.
    const searched = await json('/api/public/posts?search=%20Berita%20&limit=5&fbclid=1')
    expect(searched.data.first_page_url).toBe('/api/public/posts?page=1&search=Berita&limit=5')
    expect(await json('/api/public/posts?search=%20Berita%20&limit=5', { cookie: 'a=1' })).toEqual(searched)
    expect((await json('/api/public/posts?search=berita&limit=5')).data.first_page_url).toBe(
      '/api/public/posts?page=1&search=berita&limit=5',
    )
    expect((await get('/posts?page=99999')).status).toBe(200)
  })

  it('shows the search in the search box as the visitor typed it, whichever form was asked first', async () => {
    const word = unique('Posyandu')
    const box = (html: string) => /<input[^>]*id="list-search"[^>]*value="([^"]*)"/.exec(html)?.[1]
    expect(box((await get(`/posts?search=${word.toLowerCase()}&fbclid=1`)).text)).toBe(word.toLowerCase())
    expect(box((await get(`/posts?search=${word}`)).text)).toBe(word)
    expect(box((await get(`/posts?search=${word.toUpperCase()}&utm_source=x`)).text)).toBe(word.toUpperCase())
    expect(box((await get(`/posts?search=${word}&gclid=2`)).text)).toBe(word)
  })
})
