import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  adminToken,
  api,
  baseUrl,
  expectFailure,
  expectSuccess,
  login,
  unique,
  userWithPermissions,
} from '../support/api'
import { startServer, testClock, type TestServer } from '../support/server'

// Announcements (docs/api.md "Announcements"): the writes (JSON) and their bad input, and, on a server of this file's
// own with a clock it moves, an announcement appearing in the API and in the banner of every public page at its start
// and leaving them at its end, through every cache, with no write in between; /pengumuman lists only those started.
// Announcements written to the shared server have already ended, so no other file's pages get a banner.

const HOUR = 3600_000
const DAY = 24 * HOUR
const iso = (ms: number) => new Date(ms).toISOString()
const KEYS = ['id', 'title', 'content', 'starts_at', 'ends_at', 'created_at', 'updated_at'].sort()

let token: string
beforeAll(async () => {
  token = await adminToken()
})

const ended = () => ({ starts_at: iso(Date.now() - 3 * DAY), ends_at: iso(Date.now() - 2 * DAY) })

describe('admin announcements', () => {
  it('creates, reads, updates and deletes with JSON, each logged', async () => {
    const title = unique('Pemadaman Air ')
    const created = expectSuccess(
      await api('POST', '/api/admin/announcements', {
        token,
        json: { title, content: '<p>Perbaikan <strong>pipa</strong> induk.</p><script>x()</script>', ...ended() },
      }),
      201,
      'Announcement created successfully',
    )
    expect(Object.keys(created).sort()).toEqual(KEYS)
    expect(created.content).toBe('<p>Perbaikan <strong>pipa</strong> induk.</p>')
    const updated = expectSuccess(
      await api('PUT', `/api/admin/announcements/${created.id}`, {
        token,
        json: { title: `${title} Diperpanjang`, starts_at: created.starts_at, ends_at: null },
      }),
      200,
      'Announcement updated successfully',
    )
    expect(updated).toMatchObject({ title: `${title} Diperpanjang`, ends_at: null, content: '' })
    // Back to an end in the past: no banner on the shared server.
    expectSuccess(await api('PUT', `/api/admin/announcements/${created.id}`, { token, json: { title, ...ended() } }))
    expectSuccess(
      await api('GET', `/api/admin/announcements/${created.id}`, { token }),
      200,
      'Detail Data Announcement',
    )
    const listed = expectSuccess(
      await api('GET', `/api/admin/announcements?search=${encodeURIComponent(title)}`, { token }),
    )
    expect(listed.data.map((row: { id: number }) => row.id)).toEqual([created.id])
    // A date alone: from the start of that day, until the end of that day, in the village's zone (UTC+7).
    const days = expectSuccess(
      await api('PUT', `/api/admin/announcements/${created.id}`, {
        token,
        json: { title, starts_at: '2020-03-01', ends_at: '2020-03-02' },
      }),
    )
    expect(days).toMatchObject({ starts_at: '2020-02-29T17:00:00.000Z', ends_at: '2020-03-02T17:00:00.000Z' })
    const log = expectSuccess(
      await api('GET', `/api/admin/activities?resource=announcements&search=${encodeURIComponent(title)}`, { token }),
    )
    expect(log.data.map((entry: { action: string }) => entry.action)).toContain('create')
    expectSuccess(
      await api('DELETE', `/api/admin/announcements/${created.id}`, { token }),
      200,
      'Announcement deleted successfully',
    )
    expectFailure(await api('GET', `/api/admin/announcements/${created.id}`, { token }), 404, 'Announcement not found')
  })

  it('refuses bad input with 422 on the field, and non-JSON bodies with 415', async () => {
    expectFailure(
      await api('POST', '/api/admin/announcements', { token, json: { title: ' ' } }),
      422,
      'Validation Errors',
      {
        Title: 'Title is required',
        Starts_at: 'Starts_at is required',
      },
    )
    expectFailure(
      await api('POST', '/api/admin/announcements', {
        token,
        json: { title: unique('Terbalik '), starts_at: iso(Date.now() - DAY), ends_at: iso(Date.now() - 2 * DAY) },
      }),
      422,
      'Validation Errors',
      { Ends_at: 'Ends_at may not be before Starts_at' },
    )
    const wrongType = await api('POST', '/api/admin/announcements', {
      token,
      json: { title: unique('Salah '), starts_at: 12 },
    })
    expect(wrongType.status).toBe(422)
    expect(wrongType.body.errors).toHaveProperty('Starts_at')
    expect(
      (await api('POST', '/api/admin/announcements', { token, json: { title: unique('x '), starts_at: 'besok' } })).body
        .errors,
    ).toHaveProperty('Starts_at')
    const body = new FormData()
    body.append('title', 'x')
    expectFailure(await api('POST', '/api/admin/announcements', { token, form: body }), 415)
  })

  it('checks the permissions of each call', async () => {
    expectFailure(await api('POST', '/api/admin/announcements', { json: { title: 'x' } }), 401)
    const reader = await userWithPermissions(['announcements-index'])
    expectSuccess(await api('GET', '/api/admin/announcements', { token: reader.token }))
    expectFailure(
      await api('POST', '/api/admin/announcements', { token: reader.token, json: { title: unique('x '), ...ended() } }),
      403,
      'Forbidden',
    )
  })

  it('lists an ended announcement on /pengumuman with its page, never in the API of those showing', async () => {
    const title = unique('Sudah Lewat ')
    const item = expectSuccess(
      await api('POST', '/api/admin/announcements', { token, json: { title, ...ended() } }),
      201,
    )
    const showing = expectSuccess(await api('GET', '/api/public/announcements'), 200, 'List Data Announcements')
    expect(showing.some((row: { id: number }) => row.id === item.id)).toBe(false)
    const list = await (await fetch(`${baseUrl()}/pengumuman`)).text()
    expect(list).toContain(title)
    const detail = await fetch(`${baseUrl()}/pengumuman/${item.id}`)
    expect(detail.status).toBe(200)
    expect(await detail.text()).toContain('Berakhir')
    expect((await fetch(`${baseUrl()}/pengumuman/abc`)).status).toBe(404)
  })
})

describe('time passing (a server of this file, its clock moved)', () => {
  const clock = testClock()
  let server: TestServer
  let admin: string
  const call = (method: string, path: string, options: Parameters<typeof api>[2] = {}) =>
    api(method, path, { ...options, base: server.url })
  const page = async (path: string) => {
    const response = await fetch(`${server.url}${path}`, { redirect: 'manual' })
    return { status: response.status, text: await response.text() }
  }

  beforeAll(async () => {
    server = await startServer({ env: clock.env })
    admin = await login('admin', 'password', server.url)
  }, 90_000)

  afterAll(async () => {
    await server?.stop()
    clock.remove()
  })

  /** Where the announcement shows, every door asked twice (the second answer may come from a cache). */
  async function shownAt(item: { id: number; title: string }) {
    const rounds: Record<string, boolean>[] = []
    for (let round = 0; round < 2; round++) {
      const api = expectSuccess(await call('GET', '/api/public/announcements'))
      const banner = (html: string) =>
        html.includes(`href="/pengumuman/${item.id}"`) && html.includes('aria-label="Pengumuman"')
      rounds.push({
        api: api.some((row: { id: number; source: string }) => row.id === item.id && row.source === 'desa'),
        home: banner((await page('/')).text),
        posts: banner((await page('/posts?page=1')).text),
        agenda: banner((await page('/agenda')).text),
        list: (await page('/pengumuman')).text.includes(item.title),
        detail: (await page(`/pengumuman/${item.id}`)).status === 200,
      })
    }
    expect(rounds[1]).toEqual(rounds[0])
    return rounds[0]
  }

  it('appears at its start and disappears at its end, in the API and the banner of every public page', async () => {
    const showingCount = async () =>
      expectSuccess(await call('GET', '/api/admin/dashboard', { token: admin })).showing_announcements_count
    const before = await showingCount()
    const now = Date.now()
    const item = expectSuccess(
      await call('POST', '/api/admin/announcements', {
        token: admin,
        json: { title: unique('Banjir Waspada '), starts_at: iso(now + HOUR), ends_at: iso(now + 3 * HOUR) },
      }),
      201,
    )
    expect(await shownAt(item)).toEqual({
      api: false,
      home: false,
      posts: false,
      agenda: false,
      list: false,
      detail: false,
    })
    expect(await showingCount()).toBe(before)
    clock.move(1.5 * HOUR)
    expect(await shownAt(item)).toEqual({ api: true, home: true, posts: true, agenda: true, list: true, detail: true })
    expect(await showingCount()).toBe(before + 1)
    const showing = expectSuccess(await call('GET', '/api/public/announcements'))
    expect(Object.keys(showing[0]).sort()).toEqual([...KEYS, 'source'].sort())
    clock.move(4 * HOUR)
    expect(await shownAt(item)).toEqual({
      api: false,
      home: false,
      posts: false,
      agenda: false,
      list: true,
      detail: true,
    })
    // Ended: listed as such.
    expect((await page(`/pengumuman/${item.id}`)).text).toContain('Berakhir')
  })

  it('lists those showing newest start first, and a change shows from the next request on', async () => {
    clock.move(0)
    const now = Date.now()
    const older = expectSuccess(
      await call('POST', '/api/admin/announcements', {
        token: admin,
        json: { title: unique('Lama '), starts_at: iso(now - 2 * HOUR) },
      }),
      201,
    )
    const newer = expectSuccess(
      await call('POST', '/api/admin/announcements', {
        token: admin,
        json: { title: unique('Baru '), starts_at: iso(now - HOUR) },
      }),
      201,
    )
    const ids = (rows: { id: number }[]) => rows.map((row) => row.id).filter((id) => id === older.id || id === newer.id)
    expect(ids(expectSuccess(await call('GET', '/api/public/announcements')))).toEqual([newer.id, older.id])
    expect((await page('/')).text).toContain(newer.title)
    expectSuccess(
      await call('PUT', `/api/admin/announcements/${newer.id}`, {
        token: admin,
        json: { title: `${newer.title} Diubah`, starts_at: newer.starts_at },
      }),
    )
    expect((await page('/')).text).toContain(`${newer.title} Diubah`)
    expectSuccess(await call('DELETE', `/api/admin/announcements/${newer.id}`, { token: admin }))
    expectSuccess(await call('DELETE', `/api/admin/announcements/${older.id}`, { token: admin }))
    expect((await page('/')).text).not.toContain('aria-label="Pengumuman"')
  })
})
