import { beforeAll, describe, expect, it } from 'vitest'
import { adminToken, api, unique, userWithPermissions } from '../support/api'
import { fileExists, form, jpeg, png, STORED_NAME } from '../support/content'

let token: string
beforeAll(async () => {
  token = await adminToken()
})

describe('admin pages (JSON)', () => {
  it('creates, shows, updates (renaming the slug), deletes; 404 for a missing id', async () => {
    const title = unique('Sejarah Desa ')
    const created = await api('POST', '/api/admin/pages', {
      token,
      json: { title: `  ${title}  `, content: '<h2>Asal</h2><p>Dahulu kala</p>' },
    })
    expect(created.status).toBe(201)
    expect(created.body.message).toBe('Page created successfully')
    const page = created.body.data
    expect(Object.keys(page).sort()).toEqual([
      'content',
      'created_at',
      'id',
      'published_at',
      'slug',
      'status',
      'title',
      'updated_at',
    ])
    expect(page).toMatchObject({
      title,
      slug: title.toLowerCase().replace(/ /g, '-'),
      content: '<h2>Asal</h2><p>Dahulu kala</p>',
    })

    const shown = await api('GET', `/api/admin/pages/${page.id}`, { token })
    expect(shown.body).toMatchObject({ message: 'Detail Data Page', data: { id: page.id } })
    const updated = await api('PUT', `/api/admin/pages/${page.id}`, {
      token,
      json: { title: `${title} Baru`, content: '<p>x</p>' },
    })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({ message: 'Page updated successfully', data: { slug: `${page.slug}-baru` } })
    expect((await api('GET', `/api/public/pages/${page.slug}-baru`)).body.data.content).toBe('<p>x</p>')

    const deleted = await api('DELETE', `/api/admin/pages/${page.id}`, { token })
    expect(deleted.body).toEqual({ success: true, message: 'Page deleted successfully', data: null })
    const gone = await api('GET', `/api/admin/pages/${page.id}`, { token })
    expect(gone.status).toBe(404)
    expect(gone.body.message).toBe('Page not found')
    expect((await api('GET', `/api/public/pages/${page.slug}-baru`)).status).toBe(404)
  })

  it('answers Title and Content keys, and a malformed body with 400', async () => {
    const result = await api('POST', '/api/admin/pages', { token, json: {} })
    expect(result.status).toBe(422)
    expect(result.body.errors).toEqual({ Title: 'Title is required', Content: 'Content is required' })
    const onlyScript = await api('POST', '/api/admin/pages', {
      token,
      json: { title: 'x', content: '<script>alert(1)</script>' },
    })
    expect(onlyScript.body.errors).toEqual({ Content: 'Content is required' })
    const wrongType = await api('POST', '/api/admin/pages', { token, json: { title: ['x'], content: 5 } })
    expect(wrongType.status).toBe(422)
    expect(Object.keys(wrongType.body.errors).sort()).toEqual(['Content', 'Title'])
    const malformed = await api('POST', '/api/admin/pages', {
      token,
      body: '{"title":',
      headers: { 'Content-Type': 'application/json' },
    })
    expect(malformed.status).toBe(400)
  })

  it('searches title and content on the public list, 9 per page', async () => {
    const marker = unique('pq')
    await api('POST', '/api/admin/pages', { token, json: { title: `Judul ${marker}`, content: '<p>biasa</p>' } })
    await api('POST', '/api/admin/pages', { token, json: { title: 'Judul Biasa', content: `<p>isi ${marker}</p>` } })
    const list = await api('GET', `/api/public/pages?search=${marker}`)
    expect(list.status).toBe(200)
    expect(list.body).toMatchObject({
      message: 'List Data Pages',
      data: { total: 2, per_page: 9, path: '/api/public/pages' },
    })
    expect(list.body.data.data[0].content).toContain(marker)
    const admin = await api('GET', `/api/admin/pages?search=${marker}&limit=1&page=2`, { token })
    expect(admin.body.data).toMatchObject({ total: 2, per_page: 1, current_page: 2, last_page: 2 })
    expect(admin.body.data.data[0].title).toBe(`Judul ${marker}`)
    expect((await api('GET', '/api/public/pages/no-such-page')).body).toEqual({
      success: false,
      message: 'Page not found',
      errors: null,
    })
  })

  it('needs pages-* permissions', async () => {
    const reader = await userWithPermissions(['pages-index'])
    expect((await api('GET', '/api/admin/pages', { token: reader.token })).status).toBe(200)
    expect(
      (await api('POST', '/api/admin/pages', { token: reader.token, json: { title: 'a', content: 'b' } })).status,
    ).toBe(403)
    expect((await api('GET', '/api/admin/pages/1', { token: reader.token })).status).toBe(403)
    expect((await api('DELETE', '/api/admin/pages/1', { token: reader.token })).status).toBe(403)
  })
})

const productFields = (title: string) => ({
  title,
  content: '<p>Keripik singkong renyah.</p>',
  owner: 'Ibu Sari',
  price: 15000,
  phone: '081234567890',
  address: 'RT 01 RW 02',
})

describe('admin products (multipart)', () => {
  it('creates with an image, replaces the image (old file removed), deletes (file removed)', async () => {
    const title = unique('Keripik Singkong ')
    const created = await api('POST', '/api/admin/products', { token, form: form(productFields(title), await jpeg()) })
    expect(created.status).toBe(201)
    expect(created.body.message).toBe('Product created successfully')
    const product = created.body.data
    expect(Object.keys(product).sort()).toEqual(
      [
        'address',
        'content',
        'created_at',
        'id',
        'image',
        'image_alt',
        'latitude',
        'longitude',
        'owner',
        'phone',
        'price',
        'published_at',
        'slug',
        'status',
        'title',
        'updated_at',
        'user_id',
      ].sort(),
    )
    expect(product).toMatchObject({
      title,
      price: 15000,
      owner: 'Ibu Sari',
      phone: '081234567890',
      address: 'RT 01 RW 02',
      user_id: expect.any(Number),
    })
    expect(product.image).toMatch(STORED_NAME)
    expect(fileExists('products', product.image)).toBe(true)

    // No file: the image stays.
    const kept = await api('PUT', `/api/admin/products/${product.id}`, {
      token,
      form: form({ ...productFields(title), price: 20000 }),
    })
    expect(kept.status).toBe(200)
    expect(kept.body.data).toMatchObject({ image: product.image, price: 20000, slug: product.slug })

    const replaced = await api('PUT', `/api/admin/products/${product.id}`, {
      token,
      form: form(productFields(title), await png()),
    })
    expect(replaced.status).toBe(200)
    expect(replaced.body.message).toBe('Product updated successfully')
    const newImage = replaced.body.data.image
    expect(newImage).toMatch(/\.png$/)
    expect(fileExists('products', newImage)).toBe(true)
    expect(fileExists('products', product.image)).toBe(false)

    const detail = await api('GET', `/api/public/products/${product.slug}`)
    expect(detail.body).toMatchObject({ message: 'Detail Data Product', data: { id: product.id, image: newImage } })

    expect((await api('DELETE', `/api/admin/products/${product.id}`, { token })).body.message).toBe(
      'Product deleted successfully',
    )
    expect(fileExists('products', newImage)).toBe(false)
    expect((await api('GET', `/api/admin/products/${product.id}`, { token })).body.message).toBe('Product not found')
    expect((await api('GET', `/api/public/products/${product.slug}`)).status).toBe(404)
  })

  it('answers every missing field with its key', async () => {
    const result = await api('POST', '/api/admin/products', { token, form: form({}) })
    expect(result.status).toBe(422)
    expect(result.body.errors).toEqual({
      Title: 'Title is required',
      Content: 'Content is required',
      Owner: 'Owner is required',
      Price: 'Price is required',
      Phone: 'Phone is required',
      Address: 'Address is required',
    })
  })

  it('takes the price as a whole number of at least 0 only', async () => {
    for (const price of ['-1', '12.5', 'abc', '1e3', '15 000']) {
      const result = await api('POST', '/api/admin/products', {
        token,
        form: form({ ...productFields(unique('Harga ')), price }),
      })
      expect(result.status, price).toBe(422)
      expect(result.body.errors, price).toEqual({ Price: 'Price must be a whole number of at least 0' })
    }
    const json = await api('POST', '/api/admin/products', {
      token,
      json: { ...productFields(unique('Gratis ')), price: 0 },
    })
    expect(json.status).toBe(201)
    expect(json.body.data).toMatchObject({ price: 0, image: null })
    const fraction = await api('POST', '/api/admin/products', {
      token,
      json: { ...productFields(unique('Pecahan ')), price: 1.5 },
    })
    expect(fraction.body.errors).toEqual({ Price: 'Price must be a whole number of at least 0' })
    const huge = await api('POST', '/api/admin/products', {
      token,
      json: { ...productFields(unique('Mahal ')), price: 3_000_000_000 },
    })
    expect(huge.status).toBe(422)
    expect(huge.body.errors.Price).toBeDefined()
  })

  it('searches title and owner, home has the 6 newest', async () => {
    const marker = unique('pr')
    await api('POST', '/api/admin/products', { token, json: { ...productFields(`Madu ${marker}`) } })
    await api('POST', '/api/admin/products', {
      token,
      json: { ...productFields('Madu Hutan'), owner: `Pak ${marker}` },
    })
    for (const path of ['/api/public/products', '/api/admin/products']) {
      const list = await api('GET', `${path}?search=${marker}`, { token })
      expect(list.body).toMatchObject({ message: 'List Data Products', data: { total: 2, path } })
      expect(list.body.data.data[0].owner).toBe(`Pak ${marker}`)
    }
    expect((await api('GET', '/api/public/products')).body.data.per_page).toBe(9)
    expect((await api('GET', '/api/admin/products', { token })).body.data.per_page).toBe(10)
    const home = await api('GET', '/api/public/products_home')
    expect(home.body.message).toBe('List Data Products')
    expect(home.body.data).toHaveLength(6)
  })

  it('needs products-* permissions', async () => {
    const shower = await userWithPermissions(['products-show'])
    // A product of this test's own: another file may delete the newest one meanwhile.
    const any = (await api('POST', '/api/admin/products', { token, json: productFields(unique('Kopi ')) })).body.data
    expect((await api('GET', `/api/admin/products/${any.id}`, { token: shower.token })).status).toBe(200)
    expect((await api('GET', '/api/admin/products', { token: shower.token })).status).toBe(403)
    expect((await api('PUT', `/api/admin/products/${any.id}`, { token: shower.token, json: {} })).status).toBe(403)
    expect((await api('POST', '/api/admin/products', { token: shower.token, json: {} })).status).toBe(403)
  })
})
