import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tinyPdf } from '../../app/lib/tiny-pdf'
import { RESOURCES } from '../../app/resources'
import { api, expectFailure, expectSuccess, login, unique, userWithPermissions } from '../support/api'
import { newCategory } from '../support/content'
import { queryDb, startServer, testClock, type TestServer } from '../support/server'

// Revisions and preview links (docs/api.md "Revisions and preview links"; app/models/content/revision.server.ts,
// app/models/content/preview-link.server.ts). The server is this file's own, with a clock the test moves to see a link expire;
// the permission check uses the suite's shared server.

const clock = testClock()
let server: TestServer
let admin: string

const call = (method: string, path: string, options: Parameters<typeof api>[2] = {}) =>
  api(method, path, { token: admin, ...options, base: server.url })
const page = async (url: string) => {
  const response = await fetch(url, { redirect: 'manual' })
  return { status: response.status, headers: response.headers, text: await response.text() }
}
const category = async () =>
  expectSuccess(await call('POST', '/api/admin/categories', { json: { name: unique('Kategori ') } }), 201).id as number
const DAY = 24 * 3600_000

beforeAll(async () => {
  server = await startServer({ env: clock.env })
  admin = await login('admin', 'password', server.url)
}, 120_000)

afterAll(async () => {
  await server?.stop()
  clock.remove()
})

/** A document's multipart body with these fields and a one-page PDF titled after it. */
const pdfForm = (fields: Record<string, string>) => {
  const body = new FormData()
  for (const [key, value] of Object.entries(fields)) body.append(key, value)
  const file = tinyPdf({ pages: [[fields.title, 'Halaman pertama']] })
  body.append('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), 'perdes.pdf')
  return body
}

/** A draft post, then two updates: its revisions are the two states before them. */
async function postWithTwoEdits() {
  const categoryId = await category()
  const title = unique('Berita Awal ')
  const post = expectSuccess(
    await call('POST', '/api/admin/posts', {
      json: { title, content: '<p>Isi pertama desa</p>', category_id: categoryId, status: 'draft' },
    }),
    201,
  )
  const edit = (fields: Record<string, unknown>) =>
    call('PUT', `/api/admin/posts/${post.id}`, {
      json: { title, content: '<p>Isi pertama desa</p>', category_id: categoryId, ...fields },
    })
  expectSuccess(await edit({ content: '<p>Isi <strong>kedua</strong> desa</p>' }))
  expectSuccess(await edit({ title: `${title} Baru`, content: '<p>Isi ketiga</p>', status: 'published' }))
  return { post, title, categoryId }
}

describe('revisions', () => {
  it('keeps the state before every update, newest first, with who, when and which fields', async () => {
    const { post, title } = await postWithTwoEdits()
    const list = expectSuccess(await call('GET', `/api/admin/posts/${post.id}/revisions`), 200, 'List Data Revisions')
    expect(list).toHaveLength(2)
    expect(list[0]).toMatchObject({ user_name: 'Administrator', title, changes: ['title', 'content'] })
    expect(list[1]).toMatchObject({ user_name: 'Administrator', title, changes: ['content'] })
    expect(Object.keys(list[0]).sort()).toEqual(['changes', 'created_at', 'id', 'title', 'user_name'])
    expect(list[0].id).toBeGreaterThan(list[1].id)
    const first = expectSuccess(await call('GET', `/api/admin/posts/${post.id}/revisions/${list[1].id}`))
    expect(first.fields).toMatchObject({ title, content: '<p>Isi pertama desa</p>' })
    expect(first.fields).not.toHaveProperty('status')
  })

  it('restores a revision through the update path: a new revision, logged as restore, status kept', async () => {
    const { post, title } = await postWithTwoEdits()
    const [, oldest] = expectSuccess(await call('GET', `/api/admin/posts/${post.id}/revisions`))
    const restored = expectSuccess(
      await call('POST', `/api/admin/posts/${post.id}/revisions/${oldest.id}/restore`),
      200,
      'Post restored successfully',
    )
    expect(restored).toMatchObject({ id: post.id, title, content: '<p>Isi pertama desa</p>', status: 'published' })
    const after = expectSuccess(await call('GET', `/api/admin/posts/${post.id}/revisions`))
    expect(after).toHaveLength(3)
    expect(after[0]).toMatchObject({ title: `${title} Baru`, changes: ['title', 'content'] })
    const log = expectSuccess(
      await call('GET', `/api/admin/activities?resource=posts&action=restore&search=${encodeURIComponent(title)}`),
    )
    expect(log.data[0]).toMatchObject({ action: 'restore', resource_id: post.id })
    expect(log.data[0].changes).toEqual(expect.arrayContaining(['title', 'content']))
  })

  it('keeps the last 50 of an item', async () => {
    const categoryId = await category()
    const title = unique('Banyak ')
    const post = expectSuccess(
      await call('POST', '/api/admin/posts', { json: { title, content: '<p>0</p>', category_id: categoryId } }),
      201,
    )
    for (let edit = 1; edit <= 52; edit++)
      expectSuccess(
        await call('PUT', `/api/admin/posts/${post.id}`, {
          json: { title, content: `<p>${edit}</p>`, category_id: categoryId },
        }),
      )
    const list = expectSuccess(await call('GET', `/api/admin/posts/${post.id}/revisions`))
    expect(list).toHaveLength(50)
    const oldest = expectSuccess(await call('GET', `/api/admin/posts/${post.id}/revisions/${list[49].id}`))
    expect(oldest.fields.content).toBe('<p>2</p>')
  })

  it("refuses another item's or resource's revision, a revision id that is no number, a resource without", async () => {
    const { post } = await postWithTwoEdits()
    const other = await postWithTwoEdits()
    const [revision] = expectSuccess(await call('GET', `/api/admin/posts/${post.id}/revisions`))
    const pageItem = expectSuccess(
      await call('POST', '/api/admin/pages', { json: { title: unique('Halaman '), content: '<p>x</p>' } }),
      201,
    )
    for (const path of [
      `/api/admin/posts/${other.post.id}/revisions/${revision.id}`,
      `/api/admin/pages/${pageItem.id}/revisions/${revision.id}`,
      `/api/admin/posts/${post.id}/revisions/abc`,
      `/api/admin/posts/${post.id}/revisions/1e3`,
    ]) {
      expectFailure(await call('GET', path), 404)
      expectFailure(await call('POST', `${path}/restore`), 404)
    }
    expectFailure(await call('GET', `/api/admin/categories/1/revisions`), 404)
    expectFailure(await call('GET', `/api/admin/posts/abc/revisions`), 404, 'Post not found')
    expectFailure(await call('GET', `/api/admin/posts/99999999/revisions`), 404, 'Post not found')
  })

  it('refuses a restore that no longer passes validation (422 naming the field), and changes nothing', async () => {
    const first = await category()
    const second = await category()
    const title = unique('Pindah ')
    const post = expectSuccess(
      await call('POST', '/api/admin/posts', { json: { title, content: '<p>a</p>', category_id: first } }),
      201,
    )
    expectSuccess(
      await call('PUT', `/api/admin/posts/${post.id}`, { json: { title, content: '<p>b</p>', category_id: second } }),
    )
    expectSuccess(await call('DELETE', `/api/admin/categories/${first}`))
    const [revision] = expectSuccess(await call('GET', `/api/admin/posts/${post.id}/revisions`))
    const refused = await call('POST', `/api/admin/posts/${post.id}/revisions/${revision.id}/restore`)
    expectFailure(refused, 422)
    expect(Object.keys(refused.body.errors)).toEqual(['CategoryID'])
    expect(expectSuccess(await call('GET', `/api/admin/posts/${post.id}`))).toMatchObject({
      content: '<p>b</p>',
      category_id: second,
    })
    expect(expectSuccess(await call('GET', `/api/admin/posts/${post.id}/revisions`))).toHaveLength(1)
  })

  it('restores an all-day event, its date given back as a date', async () => {
    const title = unique('Rapat ')
    const event = expectSuccess(
      await call('POST', '/api/admin/events', {
        json: { title, all_day: true, starts_at: '2026-12-05', location: 'Balai', status: 'draft' },
      }),
      201,
    )
    expectSuccess(
      await call('PUT', `/api/admin/events/${event.id}`, {
        json: { title, all_day: true, starts_at: '2026-12-06', location: 'Lapangan' },
      }),
    )
    const [revision] = expectSuccess(await call('GET', `/api/admin/events/${event.id}/revisions`))
    const restored = expectSuccess(await call('POST', `/api/admin/events/${event.id}/revisions/${revision.id}/restore`))
    expect(restored).toMatchObject({ location: 'Balai', starts_at: '2026-12-05T00:00:00.000Z', status: 'draft' })
  })

  it('needs the resource-update or -edit permission (shared server)', async () => {
    const admin = await login()
    const categoryId = (await newCategory()).id
    const post = expectSuccess(
      await api('POST', '/api/admin/posts', {
        token: admin,
        json: { title: unique('Izin '), content: '<p>x</p>', category_id: categoryId },
      }),
      201,
    )
    const reader = await userWithPermissions(['posts-index', 'posts-show'])
    const editor = await userWithPermissions(['posts-update'])
    for (const [method, path] of [
      ['GET', `/api/admin/posts/${post.id}/revisions`],
      ['POST', `/api/admin/posts/${post.id}/preview-link`],
      ['DELETE', `/api/admin/posts/${post.id}/preview-link`],
    ])
      expectFailure(await api(method, path, { token: reader.token }), 403)
    expectFailure(await api('GET', `/api/admin/posts/${post.id}/revisions`), 401)
    expect(expectSuccess(await api('GET', `/api/admin/posts/${post.id}/revisions`, { token: editor.token }))).toEqual(
      [],
    )
  })
})

describe('preview links', () => {
  it('shows a draft to anyone holding the link, never cached nor indexed; a new link revokes the old', async () => {
    const draft = expectSuccess(
      await call('POST', '/api/admin/posts', {
        json: {
          title: unique('Draf Rahasia '),
          content: '<p>Belum terbit</p>',
          category_id: await category(),
          status: 'draft',
        },
      }),
      201,
    )
    const created = expectSuccess(await call('POST', `/api/admin/posts/${draft.id}/preview-link`), 201)
    expect(Object.keys(created).sort()).toEqual(['expires_at', 'url'])
    expect(created.url).toMatch(new RegExp(`^${server.url}/pratinjau/[A-Za-z0-9_-]{43}$`))
    const days = (new Date(created.expires_at).getTime() - Date.now()) / DAY
    expect(days).toBeGreaterThan(6.99)
    expect(days).toBeLessThan(7.01)
    for (let time = 0; time < 2; time++) {
      const shown = await page(created.url)
      expect(shown.status).toBe(200)
      expect(shown.text).toContain('Pratinjau')
      expect(shown.text).toContain(draft.title)
      expect(shown.text).toContain('Belum terbit')
      expect(shown.headers.get('cache-control')).toBe('no-store')
      expect(shown.headers.get('x-robots-tag')).toBe('noindex')
      expect(shown.headers.get('referrer-policy')).toBe('no-referrer')
      expect(shown.headers.get('x-cache')).toBeNull()
      // Nothing of the back office.
      expect(shown.text).not.toContain('/admin/posts/edit')
    }
    // The public address of the draft is still a 404.
    expect((await page(`${server.url}/posts/${draft.slug}`)).status).toBe(404)
    const again = expectSuccess(await call('POST', `/api/admin/posts/${draft.id}/preview-link`), 201)
    expect((await page(created.url)).status).toBe(404)
    expect((await page(again.url)).status).toBe(200)
    expectSuccess(await call('DELETE', `/api/admin/posts/${draft.id}/preview-link`), 200, 'Preview link revoked')
    const revoked = await page(again.url)
    expect(revoked.status).toBe(404)
    expect(revoked.headers.get('cache-control')).toBe('no-store')
    const log = expectSuccess(await call('GET', `/api/admin/activities?resource=posts&search=${draft.title}`))
    expect(log.data.map((entry: { action: string }) => entry.action).slice(0, 3)).toEqual([
      'preview_link_revoked',
      'preview_link_created',
      'preview_link_created',
    ])
  })

  it("opens a draft of every resource with revisions, by its declared detail screen's own loader", async () => {
    const draft = { status: 'draft' }
    const content = '<p>Isi draf</p>'
    // The body of a new draft of each resource.
    const drafts: Record<string, () => Promise<Parameters<typeof api>[2]>> = {
      posts: async () => ({
        json: { title: unique('Draf Berita '), content, category_id: await category(), ...draft },
      }),
      pages: async () => ({ json: { title: unique('Draf Halaman '), content, ...draft } }),
      products: async () => ({
        json: {
          title: unique('Draf Produk '),
          content,
          owner: 'Ibu Sari',
          price: 15000,
          phone: '081234567890',
          address: 'RT 01',
          ...draft,
        },
      }),
      developments: async () => ({
        json: {
          title: unique('Draf Jalan '),
          year: 2026,
          location: 'Dusun Krajan',
          budget: 1000000,
          funding_source: 'Dana Desa',
          ...draft,
        },
      }),
      // A document's preview shows it without its first page's picture (an exempt one has none: below).
      documents: async () => ({
        form: pdfForm({
          title: unique('Draf Perdes '),
          kind: 'peraturan_desa',
          information_class: 'berkala',
          ...draft,
        }),
      }),
      events: async () => ({ json: { title: unique('Draf Rapat '), starts_at: '2026-12-05T09:00:00Z', ...draft } }),
    }
    // Every resource with revisions names its public detail screen (a link without one would open nothing).
    const declared = Object.values(RESOURCES).filter((resource) => resource.revisions)
    expect(declared.filter((resource) => !resource.detailRoute).map((resource) => resource.name)).toEqual([])
    expect(declared.map((resource) => resource.name).sort()).toEqual(Object.keys(drafts).sort())
    for (const resource of declared) {
      const created = await call('POST', `/api/admin/${resource.name}`, await drafts[resource.name]())
      const item: { id: number; title: string } = expectSuccess(created, 201)
      const link = expectSuccess(await call('POST', `/api/admin/${resource.name}/${item.id}/preview-link`), 201)
      const shown = await page(link.url)
      expect(shown.status, resource.name).toBe(200)
      expect(shown.text, resource.name).toContain(item.title)
      expect(shown.text, resource.name).toContain('Pratinjau')
      expect(shown.headers.get('cache-control'), resource.name).toBe('no-store')
      if (resource.name === 'documents') expect(shown.text).not.toContain('pratinjau.png')
      // The grant is the record's alone: once the record is gone, its link opens nothing.
      expectSuccess(await call('DELETE', `/api/admin/${resource.name}/${item.id}`))
      expect((await page(link.url)).status, resource.name).toBe(404)
    }
  })

  it('gives an exempt document no link (422), and a link made before it became exempt opens nothing', async () => {
    const fields = {
      title: unique('Perdes Rahasia '),
      number: unique('NOMOR-RAHASIA-'),
      kind: 'peraturan_desa',
      information_class: 'berkala',
      description: '<p>Uraian yang dikecualikan</p>',
      status: 'draft',
    }
    const document = expectSuccess(await call('POST', '/api/admin/documents', { form: pdfForm(fields) }), 201)
    const link = expectSuccess(await call('POST', `/api/admin/documents/${document.id}/preview-link`), 201)
    const opened = await page(link.url)
    expect(opened.status).toBe(200)
    expect(opened.text).toContain(fields.number)
    const closed = async (url: string) => {
      for (const address of [url, `${url}.data`]) {
        const shown = await page(address)
        expect(shown.status, address).toBe(404)
        expect(shown.text, address).not.toContain(fields.number)
        expect(shown.text, address).not.toContain('Uraian yang dikecualikan')
      }
    }
    const reclass = (information_class: string) =>
      call('PUT', `/api/admin/documents/${document.id}`, { form: pdfForm({ ...fields, information_class }) })

    // Decided when the link is opened, from the class the document has then (changed here behind the server's back).
    await queryDb(server, 'UPDATE "documents" SET "information_class" = ? WHERE "id" = ?', [
      'dikecualikan',
      document.id,
    ])
    await closed(link.url)
    await queryDb(server, 'UPDATE "documents" SET "information_class" = ? WHERE "id" = ?', ['berkala', document.id])
    expect((await page(link.url)).status).toBe(200)

    // Reclassed through the API: the link is revoked, and stays dead once the document is public information again.
    expectSuccess(await reclass('dikecualikan'))
    await closed(link.url)
    const refused = await call('POST', `/api/admin/documents/${document.id}/preview-link`)
    expect(refused.status).toBe(422)
    expect(refused.body).toMatchObject({ success: false, message: 'Validation Errors' })
    expect(Object.keys(refused.body.errors)).toEqual(['Information_class'])
    // The edit screen's `Bagikan Pratinjau` says why instead of giving a link.
    const screen = await fetch(`${server.url}/admin/documents/${document.id}/revisions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `token=${admin}` },
      body: 'intent=preview',
      redirect: 'manual',
    })
    const said = await screen.text()
    expect(screen.status).toBe(200)
    expect(JSON.parse(said)).toMatchObject({
      link: null,
      refused: expect.stringContaining('Dokumen yang dikecualikan'),
    })
    expect(said).not.toContain('/pratinjau/')
    expectSuccess(await reclass('berkala'))
    await closed(link.url)
    const activity = expectSuccess(
      await call('GET', `/api/admin/activities?action=preview_link_revoked&resource=documents`),
    )
    expect(activity.data.map((entry: { resource_id: number }) => entry.resource_id)).toContain(document.id)
    expect(
      (await page(expectSuccess(await call('POST', `/api/admin/documents/${document.id}/preview-link`), 201).url))
        .status,
    ).toBe(200)
  })

  it('is 404 for a guessed or malformed token, and once expired', async () => {
    const event = expectSuccess(
      await call('POST', '/api/admin/events', {
        json: { title: unique('Musyawarah '), starts_at: '2026-12-05T09:00:00Z', status: 'draft' },
      }),
      201,
    )
    const link = expectSuccess(await call('POST', `/api/admin/events/${event.id}/preview-link`), 201)
    const shown = await page(link.url)
    expect(shown.status).toBe(200)
    expect(shown.text).toContain(event.title)
    const token = link.url.split('/').pop()!
    const guessed = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A')
    for (const wrong of [guessed, token.slice(1), `${token}A`, `${token.slice(0, -1)}!`, '%E2%9C%93', 'x'])
      expect((await page(`${server.url}/pratinjau/${wrong}`)).status).toBe(404)
    clock.move(7 * DAY + 60_000)
    try {
      expect((await page(link.url)).status).toBe(404)
    } finally {
      clock.move(0)
    }
  })
})
