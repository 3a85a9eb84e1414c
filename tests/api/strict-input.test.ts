import { beforeAll, describe, expect, it } from 'vitest'
import {
  adminToken,
  api,
  clientAddress,
  expectFailure,
  expectSuccess,
  login,
  unique,
  userWithPermissions,
} from '../support/api'
import { form, newCategory } from '../support/content'
import { totp } from '../support/totp'

// docs/api.md "Stricter transport": a body that is not JSON is a 415, a field of the wrong JSON type a 422 on that
// field.
let token: string
beforeAll(async () => {
  token = await adminToken()
})

/**
 * How many categories have exactly this name (the search finds it anywhere in a name: other tests' names hold digits).
 */
const categoryNamed = async (name: string) =>
  (
    (await api('GET', `/api/admin/categories?search=${encodeURIComponent(name)}&limit=100`, { token })).body.data
      .data as { name: string }[]
  ).filter((category) => category.name === name).length

describe('a JSON endpoint refuses a body that is not JSON (415)', () => {
  it.each([
    ['text/plain', '{"name":"NAME"}'],
    ['application/x-www-form-urlencoded', 'name=NAME'],
    ['no Content-Type', '{"name":"NAME"}'],
  ])('%s to a JSON resource', async (type, template) => {
    const name = unique('Kategori ')
    const headers: Record<string, string> = type === 'no Content-Type' ? {} : { 'Content-Type': type }
    const body = new Blob([template.replace('NAME', name)])
    const result = await api('POST', '/api/admin/categories', { token, headers, body })
    expectFailure(result, 415, undefined, null)
    expect(await categoryNamed(name)).toBe(0)
  })

  it('a multipart body to a JSON-only resource, and text to a multipart one', async () => {
    const name = unique('Role ')
    expectFailure(await api('POST', '/api/admin/roles', { token, form: form({ name }) }), 415, undefined, null)
    const category = await newCategory()
    const text = await api('POST', '/api/admin/posts', {
      token,
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ title: unique('Judul '), content: '<p>Isi</p>', category_id: category.id }),
    })
    expectFailure(text, 415, undefined, null)
  })

  it('the content upload refuses any body that is not multipart (415, as documented), before reading it', async () => {
    const bodies: [string | undefined, string][] = [
      ['application/json', '{"image":"data:image/png;base64,iVBORw0KGgo="}'],
      ['text/plain', 'image'],
      ['application/x-www-form-urlencoded', 'image=x'],
      ['image/png', 'not really a png'],
      [undefined, 'image'],
    ]
    for (const [type, body] of bodies) {
      const result = await api('POST', '/api/admin/uploads', {
        token,
        headers: type ? { 'Content-Type': type } : {},
        body: new Blob([body]),
      })
      expectFailure(result, 415, 'Unsupported Media Type: send the image as multipart/form-data', null)
    }
  })

  it('login refuses a form body, and takes JSON with parameters in its type', async () => {
    const headers = { 'X-Forwarded-For': clientAddress() }
    const refused = await api('POST', '/api/login', {
      headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'username=admin&password=password',
    })
    expectFailure(refused, 415, undefined, null)
    const accepted = await api('POST', '/api/login', {
      headers: { ...headers, 'Content-Type': 'application/json; charset=UTF-8' },
      body: JSON.stringify({ username: 'admin', password: 'password' }),
    })
    expect(accepted.status, accepted.text).toBe(200)
  })

  it('a request without a body is not refused, whatever it declares', async () => {
    const own = await login()
    const logout = await api('POST', '/api/logout', { token: own, headers: { 'Content-Type': 'text/plain' } })
    expect(logout.status, logout.text).toBe(200)
    const category = await newCategory()
    const deleted = await api('DELETE', `/api/admin/categories/${category.id}`, {
      token,
      headers: { 'Content-Type': 'text/plain' },
    })
    expect(deleted.status, deleted.text).toBe(200)
  })
})

describe('a field of the wrong JSON type is a 422 on that field, never converted', () => {
  it('{"name": 123} and friends', async () => {
    for (const name of [123, true, ['x'], { text: 'x' }]) {
      expectFailure(await api('POST', '/api/admin/categories', { token, json: { name } }), 422, 'Validation Errors', {
        Name: 'Name must be text',
      })
    }
    expect(await categoryNamed('123')).toBe(0)
  })

  it('ids given as strings: permission_ids, role_ids, category_id', async () => {
    const permissions = (await api('GET', '/api/admin/permissions/all', { token })).body.data as { id: number }[]
    const id = permissions[0].id
    for (const permission_ids of [[String(id)], String(id), [id, String(id)], [1.5]]) {
      const result = await api('POST', '/api/admin/roles', { token, json: { name: unique('role-'), permission_ids } })
      expectFailure(result, 422, 'Validation Errors', { Permission_ids: 'Permission_ids must be a list of ids' })
    }
    const username = unique('u')
    const user = await api('POST', '/api/admin/users', {
      token,
      json: { name: 'Budi', username, email: `${username}@example.com`, password: 'password123', role_ids: ['1'] },
    })
    expectFailure(user, 422, 'Validation Errors', { Role_ids: 'Role_ids must be a list of ids' })
    const category = await newCategory()
    const post = await api('POST', '/api/admin/posts', {
      token,
      json: { title: unique('Judul '), content: '<p>Isi</p>', category_id: String(category.id) },
    })
    expectFailure(post, 422, 'Validation Errors', { CategoryID: 'CategoryID must be a whole number' })
  })

  it('a price as a string, and every wrong field reported at once with the other problems', async () => {
    const product = await api('POST', '/api/admin/products', {
      token,
      json: { title: 42, content: '<p>Kopi</p>', owner: 'Pak Tani', price: '15000', phone: 81234567, address: '' },
    })
    expectFailure(product, 422, 'Validation Errors', {
      Title: 'Title must be text',
      Price: 'Price must be a number',
      Phone: 'Phone must be text',
      Address: 'Address is required',
    })
  })

  it('login: a username or password that is not text', async () => {
    const result = await api('POST', '/api/login', {
      json: { username: 1, password: 2 },
      headers: { 'X-Forwarded-For': clientAddress() },
    })
    expectFailure(result, 422, 'Validation Errors', {
      Username: 'Username must be text',
      Password: 'Password must be text',
    })
  })

  it('login: a user without two-factor logs in whatever code they send (it is ignored, of any type)', async () => {
    const user = await userWithPermissions([])
    for (const code of [123456, true, ['1'], { a: 1 }, '000000']) {
      const result = await api('POST', '/api/login', {
        json: { username: user.username, password: 'password123', code },
        headers: { 'X-Forwarded-For': clientAddress() },
      })
      expect(expectSuccess(result).token, JSON.stringify(code)).toEqual(expect.any(String))
    }
  })

  it('two-factor: a code or a password that is not text (a number may have lost its leading 0)', async () => {
    const user = await userWithPermissions([])
    const setup = expectSuccess(await api('POST', '/api/admin/me/2fa/setup', { token: user.token }))
    // The right code of now, as a JSON number: refused all the same.
    const enable = await api('POST', '/api/admin/me/2fa/enable', {
      token: user.token,
      json: { code: Number(totp(setup.secret)) },
    })
    expectFailure(enable, 422, 'Validation Errors', { Code: 'Code must be text' })
    expectSuccess(
      await api('POST', '/api/admin/me/2fa/enable', { token: user.token, json: { code: totp(setup.secret) } }),
    )

    const next = Number(totp(setup.secret, Date.now() + 30_000))
    const loginWithNumber = await api('POST', '/api/login', {
      json: { username: user.username, password: 'password123', code: next },
      headers: { 'X-Forwarded-For': clientAddress() },
    })
    expectFailure(loginWithNumber, 422, 'Validation Errors', { Code: 'Code must be text' })

    const disable = await api('POST', '/api/admin/me/2fa/disable', { token: user.token, json: { password: 123 } })
    expectFailure(disable, 422, 'Validation Errors', { Password: 'Password must be text' })
    expectFailure(
      await api('POST', '/api/admin/me/2fa/disable', { token: user.token, json: {} }),
      422,
      'Validation Errors',
      { Password: 'Password is required' },
    )
    expect((await api('GET', '/api/admin/me', { token: user.token })).body.data.two_factor_enabled).toBe(true)
  })

  it('null counts as absent, and the right types still pass (also as multipart text fields)', async () => {
    expectFailure(
      await api('POST', '/api/admin/categories', { token, json: { name: null } }),
      422,
      'Validation Errors',
      { Name: 'Name is required' },
    )
    const permissions = (await api('GET', '/api/admin/permissions/all', { token })).body.data as { id: number }[]
    const role = await api('POST', '/api/admin/roles', {
      token,
      json: { name: unique('role-'), permission_ids: [permissions[0].id] },
    })
    expect(role.status, role.text).toBe(201)
    const category = await newCategory()
    const multipart = await api('POST', '/api/admin/products', {
      token,
      form: form({
        title: unique('Kopi '),
        content: '<p>Kopi</p>',
        owner: 'Pak Tani',
        price: '15000',
        phone: '0812',
        address: 'Desa',
      }),
    })
    expect(multipart.status, multipart.text).toBe(201)
    expect(multipart.body.data.price).toBe(15000)
    const post = await api('POST', '/api/admin/posts', {
      token,
      form: form({ title: unique('Judul '), content: '<p>Isi</p>', category_id: String(category.id) }),
    })
    expect(post.status, post.text).toBe(201)
  })
})
