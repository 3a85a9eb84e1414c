import jwt from 'jsonwebtoken'
import { describe, expect, it } from 'vitest'
import { api, clientAddress, login, unique, userWithPermissions, adminToken } from '../support/api'

const post = (path: string, json: unknown, headers: Record<string, string> = {}) =>
  api('POST', path, { json, headers: { 'X-Forwarded-For': clientAddress(), ...headers } })

describe('POST /api/login', () => {
  it('returns the profile, the permission map and a token', async () => {
    const result = await post('/api/login', { username: 'admin', password: 'password' })
    expect(result.status).toBe(200)
    expect(result.body.success).toBe(true)
    const data = result.body.data
    expect(data).toMatchObject({ id: expect.any(Number), name: 'Administrator', username: 'admin', email: 'admin@example.com' })
    expect(typeof data.created_at).toBe('string')
    expect(data.permissions['posts-create']).toBe(true)
    expect(data.permissions['sliders-delete']).toBe(true)
    expect(data.token.split('.')).toHaveLength(3)
    expect(JSON.stringify(result.body)).not.toMatch(/password|\$2[aby]\$/i)
  })

  it('gives the seeded user only its role permissions', async () => {
    const result = await post('/api/login', { username: 'user', password: 'password' })
    expect(result.status).toBe(200)
    expect(Object.keys(result.body.data.permissions).sort()).toEqual(
      ['dashboard-index', 'pages-index', 'photos-index', 'posts-index', 'sliders-index'].sort(),
    )
  })

  it('answers missing fields with 422 Username and Password keys', async () => {
    const result = await post('/api/login', {})
    expect(result.status).toBe(422)
    expect(result.body).toEqual({
      success: false,
      message: 'Validation Errors',
      errors: { Username: 'Username is required', Password: 'Password is required' },
    })
  })

  it('answers an unknown user and a wrong password alike', async () => {
    const unknown = await post('/api/login', { username: unique('nobody'), password: 'password' })
    const wrong = await post('/api/login', { username: 'admin', password: 'wrong-password' })
    expect(unknown.status).toBe(401)
    expect(wrong.status).toBe(401)
    expect(unknown.body).toEqual(wrong.body)
    expect(wrong.body.errors).toEqual({ Error: 'Invalid username or password' })
  })

  it('rejects malformed JSON with a 400 JSON error', async () => {
    const result = await api('POST', '/api/login', {
      body: '{"username":',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': clientAddress() },
    })
    expect(result.status).toBe(400)
    expect(result.headers.get('content-type')).toContain('application/json')
    expect(result.body.success).toBe(false)
  })
})

describe('tokens', () => {
  it('refuses requests without a token, with a forged one or a wrong secret', async () => {
    expect((await api('GET', '/api/admin/dashboard')).status).toBe(401)
    const none = jwt.sign({ ver: 0 }, '', { algorithm: 'none', subject: '1', issuer: 'balai-desa' })
    const wrongSecret = jwt.sign({ ver: 0 }, 'another-secret-another-secret-another', { algorithm: 'HS256', subject: '1', issuer: 'balai-desa' })
    for (const token of [none, wrongSecret, 'not-a-token']) {
      const result = await api('GET', '/api/admin/dashboard', { token })
      expect(result.status).toBe(401)
      expect(result.body).toEqual({ success: false, message: 'Unauthenticated', errors: null })
    }
  })

  it('accepts the token from the `token` cookie as well', async () => {
    const token = await adminToken()
    const result = await api('GET', '/api/admin/dashboard', { headers: { Cookie: `token=${token}` } })
    expect(result.status).toBe(200)
  })

  it('revokes the token used to log out, and only that one', async () => {
    const token = await login('admin')
    const other = await login('admin')
    expect((await api('GET', '/api/admin/dashboard', { token })).status).toBe(200)
    expect((await api('POST', '/api/logout', { token })).status).toBe(200)
    expect((await api('GET', '/api/admin/dashboard', { token })).status).toBe(401)
    expect((await api('POST', '/api/logout', { token })).status).toBe(401)
    expect((await api('GET', '/api/admin/dashboard', { token: other })).status).toBe(200)
  })

  it('revokes tokens when the password changes and when the user is deleted', async () => {
    const admin = await adminToken()
    const { token, userId, username } = await userWithPermissions(['dashboard-index'])
    expect((await api('GET', '/api/admin/dashboard', { token })).status).toBe(200)
    const changed = await api('PUT', `/api/admin/users/${userId}`, {
      token: admin,
      json: { name: 'Test User', username, email: `${username}@example.com`, password: 'another-password' },
    })
    expect(changed.status).toBe(200)
    expect((await api('GET', '/api/admin/dashboard', { token })).status).toBe(401)
    const second = await login(username, 'another-password')
    expect((await api('DELETE', `/api/admin/users/${userId}`, { token: admin })).status).toBe(200)
    expect((await api('GET', '/api/admin/dashboard', { token: second })).status).toBe(401)
  })
})

describe('unknown API paths', () => {
  it('answer JSON 404, never HTML', async () => {
    for (const path of ['/api/nope', '/api/admin/nothing-here', '/api/admin/posts/1/extra/parts']) {
      const result = await api('GET', path)
      expect(result.status, path).toBe(404)
      expect(result.headers.get('content-type')).toContain('application/json')
      expect(result.body).toMatchObject({ success: false })
    }
  })
})
