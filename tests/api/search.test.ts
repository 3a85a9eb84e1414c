import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { adminToken, api, baseUrl, unique } from '../support/api'
import { newCategory } from '../support/content'
import { startServer, type TestServer } from '../support/server'

// The lists' search on whichever database the project runs (SQLite: FTS5 trigram tables; PostgreSQL: ILIKE from
// the pg_trgm indexes): the same answers on both, those of the contract (a literal substring, A-Z folded).

const marker = unique('cari')
const TITLES = [
  'ÉCOLE besar',
  'école kecil',
  'Panen RAYA',
  '100% pupuk',
  '100 persen',
  'snake_case',
  'snakeXcase',
  'Back\\slash',
  'Straße',
  'İstanbul',
  'ǅemal',
  'Café 🌾',
]
const TERMS = [
  'école',
  'ÉCOLE',
  'ecole',
  'cole',
  'panen raya',
  'PANEN',
  'pan',
  '100%',
  '100',
  '%',
  '_',
  'snake_case',
  'snakexcase',
  '\\',
  'back\\',
  'strasse',
  'straße',
  'STRASSE',
  'i̇stanbul',
  'istanbul',
  'stanbul',
  'ǆemal',
  'ǅemal',
  'CAFÉ',
  'café 🌾',
  '🌾',
  'e',
]

const fold = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase())

let byTitle: Map<string, number>

beforeAll(async () => {
  const token = await adminToken()
  const category = (await newCategory()).id
  byTitle = new Map()
  for (const title of TITLES) {
    const created = await api('POST', '/api/admin/posts', {
      token,
      json: { title: `${marker} ${title}`, content: '<p>Isi</p>', category_id: category },
    })
    expect(created.status).toBe(201)
    byTitle.set(created.body.data.title, created.body.data.id)
  }
})

describe('search', () => {
  it('finds exactly the literal substring with A-Z folded, newest first, on this database', async () => {
    for (const term of TERMS) {
      const search = `${marker} ${term}`
      const expected = [...byTitle]
        .filter(([title]) => fold(title).includes(fold(search)))
        .map(([, id]) => id)
        .sort((a, b) => b - a)
      const result = await api('GET', `/api/public/posts?search=${encodeURIComponent(search)}&limit=50`)
      expect(result.status).toBe(200)
      expect(
        result.body.data.data.map((post: { id: number }) => post.id),
        JSON.stringify(term),
      ).toEqual(expected)
      expect(result.body.data.total, JSON.stringify(term)).toBe(expected.length)
    }
  })

  it('pages a search: every page a slice of the same matches', async () => {
    const all = (await api('GET', `/api/public/posts?search=${marker}&limit=50`)).body.data
    expect(all.total).toBe(TITLES.length)
    const pages = []
    for (let page = 1; page <= 3; page++)
      pages.push(
        ...(await api('GET', `/api/public/posts?search=${marker.toUpperCase()}&limit=5&page=${page}`)).body.data.data,
      )
    expect(pages.map((post: { id: number }) => post.id)).toEqual(all.data.map((post: { id: number }) => post.id))
  })

  it('counts a search asked first for a page past its last one, which is empty', async () => {
    // A part of the marker no request has searched for, so that nothing of this search is kept yet.
    const search = `  ${marker.slice(1, 3).toUpperCase()}${marker.slice(3)}  `
    const past = await api('GET', `/api/public/posts?search=${encodeURIComponent(search)}&limit=5&page=4`)
    expect(past.status).toBe(200)
    expect(past.body.data.data).toEqual([])
    expect(past.body.data.total).toBe(TITLES.length)
    const last = await api('GET', `/api/public/posts?search=${encodeURIComponent(search)}&limit=5&page=3`)
    expect(last.body.data.data).toHaveLength(TITLES.length - 10)
    expect(last.body.data.total).toBe(TITLES.length)
  })

  it('pages a search of an admin list the same way, drafts included', async () => {
    const token = await adminToken()
    const draft = await api('POST', '/api/admin/posts', {
      token,
      json: {
        title: `${marker} konsep`,
        content: '<p>Isi</p>',
        category_id: (await newCategory()).id,
        status: 'draft',
      },
    })
    expect(draft.status).toBe(201)
    const expected = [draft.body.data.id, ...[...byTitle.values()].sort((a, b) => b - a)]
    const pages = []
    for (let page = 1; page <= 3; page++) {
      const result = await api('GET', `/api/admin/posts?search=${marker}&limit=5&page=${page}`, { token })
      expect(result.status).toBe(200)
      expect(result.body.data.total).toBe(expected.length)
      pages.push(...result.body.data.data)
    }
    expect(pages.map((post: { id: number }) => post.id)).toEqual(expected)
    expect((await api('GET', `/api/public/posts?search=${marker}%20konsep`)).body.data.total).toBe(0)
  })

  it('leaves drafts and scheduled items out of a public search and its count, on every page', async () => {
    const token = await adminToken()
    const category = (await newCategory()).id
    for (const extra of [{ status: 'draft' }, { status: 'published', published_at: '2099-01-01T00:00:00Z' }]) {
      const created = await api('POST', '/api/admin/posts', {
        token,
        json: { title: `${marker} tersembunyi`, content: '<p>Isi</p>', category_id: category, ...extra },
      })
      expect(created.status).toBe(201)
    }
    // Spellings no earlier request used, so that each is counted anew.
    for (const search of [marker.slice(2), `${marker.slice(3, 6).toUpperCase()}${marker.slice(6)}`]) {
      const pages = []
      for (let page = 1; page <= 3; page++) {
        const result = await api('GET', `/api/public/posts?search=${encodeURIComponent(search)}&limit=5&page=${page}`)
        expect(result.body.data.total, search).toBe(TITLES.length)
        pages.push(...result.body.data.data)
      }
      expect(pages.map((post: { id: number }) => post.id)).toEqual([...byTitle.values()].sort((a, b) => b - a))
    }
  })
})

describe('public search from memory (SEARCH_MEMORY_MB) and from the index', () => {
  // The shared server searches its copy in memory; a second server on the same database, with no memory for it,
  // asks the index. Every answer must be the same, drafts and scheduled items left out alike.
  let indexOnly: TestServer
  beforeAll(async () => {
    indexOnly = await startServer({ dir: inject('serverDir'), fresh: false, env: { SEARCH_MEMORY_MB: '0' } })
  }, 90_000)
  afterAll(async () => {
    await indexOnly?.stop()
  })

  it('give the same pages and counts', async () => {
    const token = await adminToken()
    const category = (await newCategory()).id
    for (const extra of [
      { status: 'draft' },
      { status: 'published', published_at: '2099-01-01T00:00:00Z' },
      { status: 'published', published_at: '2020-01-01T00:00:00Z' },
    ]) {
      const created = await api('POST', '/api/admin/posts', {
        token,
        json: { title: `${marker} Bersama ${extra.status}`, content: '<p>Isi</p>', category_id: category, ...extra },
      })
      expect(created.status).toBe(201)
    }
    const ask = async (origin: string, query: string) => {
      const response = await fetch(`${origin}/api/public/posts?${query}`, { headers: { Cookie: 'parity=1' } })
      expect(response.status).toBe(200)
      const { data } = await response.json()
      return { ids: data.data.map((post: { id: number }) => post.id), total: data.total }
    }
    let compared = 0
    for (const term of [...TERMS, 'bersama', 'BERSAMA PUB', 'a', 'tidak ada']) {
      for (const query of ['limit=50', 'limit=3&page=2', 'limit=4&page=9']) {
        const asked = `search=${encodeURIComponent(`${marker} ${term}`)}&${query}`
        const fromMemory = await ask(baseUrl(), asked)
        expect(await ask(indexOnly.url, asked), asked).toEqual(fromMemory)
        if (fromMemory.total > 0) compared++
      }
    }
    expect(compared).toBeGreaterThan(20)
    // Terms under three characters (no trigram: every row is looked at), over every post of the test database. Other
    // test files write meanwhile: the index's answer must equal the memory's just before or just after it.
    for (const term of ['e', 'É', 'ka', '🌾', '%', '_', '1']) {
      const asked = `search=${encodeURIComponent(term)}&limit=7&page=2`
      const before = await ask(baseUrl(), asked)
      const fromIndex = await ask(indexOnly.url, asked)
      const after = await ask(baseUrl(), asked)
      expect([before, after], asked).toContainEqual(fromIndex)
    }
    const whole = await ask(baseUrl(), `search=${encodeURIComponent(`${marker} bersama`)}&limit=50`)
    expect(whole.total).toBe(1)
  })

  it(
    "give the same /cari results: merged by the copy's publish times, " + 'or by the rows the index path reads',
    async () => {
      // What a results page shows: its status line (the counts per kind) and, in order, each result's kind and address.
      const results = async (origin: string, query: string) => {
        const response = await fetch(`${origin}/cari?${query}`, { headers: { Cookie: 'parity=1' } })
        expect(response.status).toBe(200)
        const html = await response.text()
        const status = /<p role="status"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? ''
        const list = /<ol aria-label="Hasil pencarian"[\s\S]*?<\/ol>/.exec(html)?.[0] ?? ''
        return {
          status,
          found: [...list.matchAll(/<span class="rounded-full[^"]*">([^<]+)<\/span>[\s\S]*?href="([^"]+)"/g)].map(
            (m) => `${m[1]} ${m[2]}`,
          ),
        }
      }
      let shown = 0
      for (const term of ['desa', 'kegiatan', 'a', 'posyandu', `${marker}`]) {
        for (const page of [1, 2]) {
          const query = `q=${encodeURIComponent(term)}&page=${page}`
          const before = await results(baseUrl(), query)
          const fromIndex = await results(indexOnly.url, query)
          const after = await results(baseUrl(), query)
          expect([before, after], query).toContainEqual(fromIndex)
          shown += fromIndex.found.length
        }
      }
      expect(shown).toBeGreaterThan(20)
    },
  )
})
