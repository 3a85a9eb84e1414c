import { beforeAll, describe, expect, it } from 'vitest'
import { adminToken, api, unique, userWithPermissions } from '../support/api'
import { fileExists, form, jpeg, newCategory, STORED_NAME } from '../support/content'

let token: string
let category: { id: number; name: string }

beforeAll(async () => {
  token = await adminToken()
  category = await newCategory()
})

const createPost = async (
  fields: Record<string, string | number>,
  picture?: Awaited<ReturnType<typeof jpeg>>,
  as = token,
) => api('POST', '/api/admin/posts', { token: as, form: form(fields, picture) })

describe('admin posts', () => {
  it('creates a post from multipart with the caller as author, 201', async () => {
    const title = unique('Kerja Bakti ')
    const me = await api('GET', '/api/admin/users?search=admin', { token })
    const admin = me.body.data.data.find((u: { username: string }) => u.username === 'admin')
    const result = await createPost(
      { title, content: '<p>Warga bergotong royong.</p>', category_id: category.id },
      await jpeg(),
    )
    expect(result.status).toBe(201)
    expect(result.body).toMatchObject({ success: true, message: 'Post created successfully' })
    const post = result.body.data
    expect(Object.keys(post).sort()).toEqual(
      // image_alt, status and published_at: beyond the original client (docs/api.md).
      [
        'id',
        'image',
        'image_alt',
        'title',
        'slug',
        'content',
        'category_id',
        'user_id',
        'category',
        'user',
        'status',
        'published_at',
        'created_at',
        'updated_at',
      ].sort(),
    )
    expect(post).toMatchObject({
      title,
      slug: title.toLowerCase().replace(/ /g, '-'),
      content: '<p>Warga bergotong royong.</p>',
      category_id: category.id,
      category: { id: category.id, name: category.name },
      user_id: admin.id,
      user: { id: admin.id, name: 'Administrator' },
    })
    expect(post.image).toMatch(STORED_NAME)
    expect(fileExists('posts', post.image)).toBe(true)
    expect(new Date(post.created_at).toISOString()).toBe(post.created_at)
  })

  it('accepts JSON without an image (image null)', async () => {
    const result = await api('POST', '/api/admin/posts', {
      token,
      json: { title: unique('Tanpa Gambar '), content: '<p>Isi</p>', category_id: category.id },
    })
    expect(result.status).toBe(201)
    expect(result.body.data.image).toBeNull()
  })

  it('answers each missing field with its key', async () => {
    const result = await createPost({ title: '  ', content: '<p><br></p>', category_id: 0 })
    expect(result.status).toBe(422)
    expect(result.body).toEqual({
      success: false,
      message: 'Validation Errors',
      errors: { Title: 'Title is required', Content: 'Content is required', CategoryID: 'Category is required' },
    })
    const none = await createPost({})
    expect(Object.keys(none.body.errors).sort()).toEqual(['CategoryID', 'Content', 'Title'])
  })

  it('refuses a category that does not exist, and a title over 255 characters', async () => {
    const missing = await createPost({ title: 'x', content: 'y', category_id: 99999999 })
    expect(missing.status).toBe(422)
    expect(missing.body.errors).toEqual({ CategoryID: 'The selected category does not exist' })
    const long = await createPost({ title: 'x'.repeat(256), content: 'y', category_id: category.id })
    expect(long.status).toBe(422)
    expect(long.body.errors.Title).toBe('Title may not be longer than 255 characters')
  })

  it('shows, updates (renaming the slug) and deletes; 404 for a missing id', async () => {
    const title = unique('Musyawarah Desa ')
    const created = (await createPost({ title, content: '<p>a</p>', category_id: category.id })).body.data
    const shown = await api('GET', `/api/admin/posts/${created.id}`, { token })
    expect(shown.status).toBe(200)
    expect(shown.body).toMatchObject({ success: true, message: 'Detail Data Post', data: { id: created.id, title } })

    const other = await newCategory()
    const newTitle = `${title} Kedua`
    const updated = await api('PUT', `/api/admin/posts/${created.id}`, {
      token,
      form: form({ id: 999999, title: newTitle, content: '<p>b</p>', category_id: other.id }),
    })
    expect(updated.status).toBe(200)
    expect(updated.body.message).toBe('Post updated successfully')
    expect(updated.body.data).toMatchObject({
      id: created.id,
      title: newTitle,
      slug: `${created.slug}-kedua`,
      content: '<p>b</p>',
      category: { id: other.id, name: other.name },
    })
    // The old slug is gone, the new one answers.
    expect((await api('GET', `/api/public/posts/${created.slug}`)).status).toBe(404)
    expect((await api('GET', `/api/public/posts/${created.slug}-kedua`)).status).toBe(200)

    const deleted = await api('DELETE', `/api/admin/posts/${created.id}`, { token })
    expect(deleted.status).toBe(200)
    expect(deleted.body).toEqual({ success: true, message: 'Post deleted successfully', data: null })
    for (const [method, extra] of [
      ['GET', {}],
      ['PUT', { json: { title: 'x', content: 'y', category_id: category.id } }],
      ['DELETE', {}],
    ] as const) {
      const gone = await api(method, `/api/admin/posts/${created.id}`, { token, ...extra })
      expect(gone.status).toBe(404)
      expect(gone.body).toEqual({ success: false, message: 'Post not found', errors: null })
    }
    expect((await api('GET', '/api/admin/posts/abc', { token })).status).toBe(404)
  })

  it('keeps the slug when the title stays, and numbers clashing slugs -2, -3', async () => {
    const title = unique('Posyandu Balita ')
    const slugs = []
    for (let i = 0; i < 3; i++)
      slugs.push((await createPost({ title, content: 'x', category_id: category.id })).body.data.slug)
    const base = title.toLowerCase().replace(/ /g, '-')
    expect(slugs).toEqual([base, `${base}-2`, `${base}-3`])
    const first = (await api('GET', `/api/public/posts/${base}`)).body.data
    const same = await api('PUT', `/api/admin/posts/${first.id}`, {
      token,
      json: { title, content: 'changed', category_id: category.id },
    })
    expect(same.body.data.slug).toBe(base)
    const punctuated = await createPost({
      title: `  ${title.toUpperCase()}!!  Ω  `,
      content: 'x',
      category_id: category.id,
    })
    expect(punctuated.body.data.slug).toBe(`${base}-4`)
  })

  it('keeps the author empty when the user is deleted (user null)', async () => {
    const writer = await userWithPermissions(['posts-create'])
    const created = await createPost(
      { title: unique('Tulisan Staf '), content: 'x', category_id: category.id },
      undefined,
      writer.token,
    )
    expect(created.status).toBe(201)
    expect(created.body.data.user).toEqual({ id: writer.userId, name: 'Test User' })
    expect((await api('DELETE', `/api/admin/users/${writer.userId}`, { token })).status).toBe(200)
    const after = await api('GET', `/api/admin/posts/${created.body.data.id}`, { token })
    expect(after.body.data).toMatchObject({ user_id: null, user: null })
  })

  it('refuses to delete a category that still has posts (409), and allows it once empty', async () => {
    const own = await newCategory()
    const post = (await createPost({ title: unique('Isi Kategori '), content: 'x', category_id: own.id })).body.data
    const refused = await api('DELETE', `/api/admin/categories/${own.id}`, { token })
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ success: false, errors: null })
    expect(typeof refused.body.message).toBe('string')
    await api('DELETE', `/api/admin/posts/${post.id}`, { token })
    expect((await api('DELETE', `/api/admin/categories/${own.id}`, { token })).status).toBe(200)
  })
})

describe('permissions on posts', () => {
  it('requires the permission of each call', async () => {
    const nobody = await userWithPermissions(['dashboard-index'])
    const post = (await createPost({ title: unique('Izin '), content: 'x', category_id: category.id })).body.data
    const body = { json: { title: 'x', content: 'y', category_id: category.id } }
    expect((await api('GET', '/api/admin/posts', { token: nobody.token })).status).toBe(403)
    expect((await api('GET', `/api/admin/posts/${post.id}`, { token: nobody.token })).status).toBe(403)
    expect((await api('POST', '/api/admin/posts', { token: nobody.token, ...body })).status).toBe(403)
    expect((await api('PUT', `/api/admin/posts/${post.id}`, { token: nobody.token, ...body })).status).toBe(403)
    expect((await api('DELETE', `/api/admin/posts/${post.id}`, { token: nobody.token })).status).toBe(403)
    expect((await api('GET', '/api/admin/categories/all', { token: nobody.token })).status).toBe(403)
    expect((await api('GET', '/api/admin/posts')).status).toBe(401)

    const editor = await userWithPermissions(['posts-edit'])
    expect((await api('GET', `/api/admin/posts/${post.id}`, { token: editor.token })).status).toBe(200)
    expect((await api('PUT', `/api/admin/posts/${post.id}`, { token: editor.token, ...body })).status).toBe(200)
    expect((await api('GET', '/api/admin/categories/all', { token: editor.token })).status).toBe(200)
    expect((await api('DELETE', `/api/admin/posts/${post.id}`, { token: editor.token })).status).toBe(403)

    const updater = await userWithPermissions(['posts-update', 'posts-show', 'posts-delete', 'posts-index'])
    expect((await api('PUT', `/api/admin/posts/${post.id}`, { token: updater.token, ...body })).status).toBe(200)
    expect((await api('GET', '/api/admin/posts', { token: updater.token })).status).toBe(200)
    expect((await api('DELETE', `/api/admin/posts/${post.id}`, { token: updater.token })).status).toBe(200)

    const creator = await userWithPermissions(['posts-create'])
    expect((await api('GET', '/api/admin/categories/all', { token: creator.token })).status).toBe(200)
    expect((await api('POST', '/api/admin/posts', { token: creator.token, ...body })).status).toBe(201)
  })
})

describe('categories/all', () => {
  it('is every category ordered by name, a plain array', async () => {
    const result = await api('GET', '/api/admin/categories/all', { token })
    expect(result.status).toBe(200)
    expect(Array.isArray(result.body.data)).toBe(true)
    const names = result.body.data.map((c: { name: string }) => c.name)
    expect(names).toContain(category.name)
    expect([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names)
  })
})

describe('public posts', () => {
  it('lists 9 per page by default with category and user, searches titles, pages', async () => {
    const marker = unique('zq')
    const ids: number[] = []
    for (let i = 0; i < 11; i++) {
      ids.push(
        (await createPost({ title: `Berita ${marker} ${i}`, content: 'x', category_id: category.id })).body.data.id,
      )
    }
    const first = await api('GET', `/api/public/posts?search=${marker.toUpperCase()}`)
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    expect(first.body.message).toBe('List Data Posts')
    const page = first.body.data
    expect(page).toMatchObject({
      current_page: 1,
      per_page: 9,
      total: 11,
      last_page: 2,
      from: 1,
      to: 9,
      path: '/api/public/posts',
      prev_page_url: null,
    })
    expect(page.next_page_url).toBe(`/api/public/posts?page=2&search=${marker.toUpperCase()}`)
    expect(page.data.map((p: { id: number }) => p.id)).toEqual([...ids].reverse().slice(0, 9))
    expect(page.data[0]).toMatchObject({
      category: { id: category.id, name: category.name },
      user: { id: expect.any(Number), name: 'Administrator' },
    })

    const second = (await api('GET', `/api/public/posts?search=${marker}&page=2&limit=9`)).body.data
    expect(second).toMatchObject({ current_page: 2, from: 10, to: 11, next_page_url: null })
    expect(second.prev_page_url).toBe(`/api/public/posts?page=1&search=${marker}&limit=9`)
    const past = (await api('GET', `/api/public/posts?search=${marker}&page=5`)).body.data
    expect(past).toMatchObject({ data: [], from: null, to: null, total: 11 })
    const limited = (await api('GET', `/api/public/posts?search=${marker}&limit=4`)).body.data
    expect(limited).toMatchObject({ per_page: 4, last_page: 3 })
    expect((await api('GET', '/api/public/posts?search=no-such-title-anywhere-zzz')).body.data).toMatchObject({
      total: 0,
      last_page: 1,
      data: [],
    })
  })

  it('searches % and _ literally, case-insensitively', async () => {
    const marker = unique('wc')
    await createPost({ title: `Diskon ${marker} 50%`, content: 'x', category_id: category.id })
    await createPost({ title: `Diskon ${marker} 50x`, content: 'x', category_id: category.id })
    const percent = (await api('GET', `/api/public/posts?search=${encodeURIComponent(`${marker} 50%`)}`)).body.data
    expect(percent.total).toBe(1)
    const underscore = (await api('GET', `/api/public/posts?search=${encodeURIComponent(`${marker} 50_`)}`)).body.data
    expect(underscore.total).toBe(0)
    const upper = (
      await api('GET', `/api/admin/posts?search=${encodeURIComponent(`DISKON ${marker.toUpperCase()}`)}`, { token })
    ).body.data
    expect(upper.total).toBe(2)
  })

  it('answers the 6 newest on posts_home and a detail by slug (404 otherwise)', async () => {
    const title = unique('Terbaru ')
    const created = (await createPost({ title, content: '<p>z</p>', category_id: category.id })).body.data
    const home = await api('GET', '/api/public/posts_home')
    expect(home.status).toBe(200)
    expect(home.body.data).toHaveLength(6)
    const ids = home.body.data.map((p: { id: number }) => p.id)
    expect([...ids].sort((a, b) => b - a)).toEqual(ids)
    expect(ids[0]).toBeGreaterThanOrEqual(created.id)
    expect(home.body.data[0].category).toEqual({ id: expect.any(Number), name: expect.any(String) })

    const detail = await api('GET', `/api/public/posts/${created.slug}`)
    expect(detail.status).toBe(200)
    expect(detail.body).toMatchObject({
      success: true,
      message: 'Detail Data Post',
      data: { id: created.id, category: { name: category.name }, user: { name: 'Administrator' } },
    })
    const missing = await api('GET', '/api/public/posts/no-such-post-slug')
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual({ success: false, message: 'Post not found', errors: null })
  })

  it('answers unknown public paths and writes with a JSON 404/405', async () => {
    const unknown = await api('GET', '/api/public/nothing-here')
    expect(unknown.status).toBe(404)
    expect(unknown.body.success).toBe(false)
    expect((await api('GET', '/api/public/photos/1')).status).toBe(404)
    expect((await api('GET', '/api/public/posts/a/b')).status).toBe(404)
    expect((await api('POST', '/api/public/posts', { json: {} })).status).toBe(405)
  })
})
