import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, inject, it, vi } from 'vitest'
import {
  adminToken,
  api,
  baseUrl,
  clientAddress,
  expectFailure,
  expectNoSecrets,
  expectSuccess,
  ISO_UTC,
  login,
  unique,
  userWithPermissions,
} from '../support/api'
import { onPostgres, queryDb } from '../support/server'
import { totp } from '../support/totp'

// bcrypt and private servers are slow on a busy machine shared with the other test files
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

/** docs/api.md "Own account": any logged-in user, no permission needed. */

/** A login from a device of its own (address and browser), answering its token. */
async function loginFrom(username: string, password: string, userAgent: string) {
  const address = clientAddress()
  const result = await api('POST', '/api/login', {
    json: { username, password },
    headers: { 'X-Forwarded-For': address, 'User-Agent': userAgent },
  })
  return { token: expectSuccess(result).token as string, address }
}

const status = async (token: string) => (await api('GET', '/api/admin/me', { token })).status

describe('GET /api/admin/me', () => {
  it(
    'answers the login payload without the token, plus ' + 'two_factor_enabled, for a user without any permission',
    async () => {
      const { token, username } = await userWithPermissions([])
      const login = await api('POST', '/api/login', {
        json: { username, password: 'password123' },
        headers: { 'X-Forwarded-For': clientAddress() },
      })
      const { token: _token, ...profile } = expectSuccess(login)
      const me = expectSuccess(await api('GET', '/api/admin/me', { token }))
      expect(Object.keys(me).sort()).toEqual([...Object.keys(profile), 'two_factor_enabled'].sort())
      expect(me).toMatchObject({ ...profile, two_factor_enabled: false })
      expect(me.permissions).toEqual({})
      expect(me.created_at).toMatch(ISO_UTC)
    },
  )

  it('is 401 without a token', async () => {
    expectFailure(await api('GET', '/api/admin/me'), 401, 'Unauthenticated', null)
  })
})

describe('PUT /api/admin/me', () => {
  it('changes the own name and e-mail, trimmed', async () => {
    const { token, username } = await userWithPermissions([])
    const email = `${unique('me')}@example.com`
    const data = expectSuccess(await api('PUT', '/api/admin/me', { token, json: { name: '  Siti Aminah ', email } }))
    expect(data).toMatchObject({ name: 'Siti Aminah', email, username, two_factor_enabled: false })
    expect(expectSuccess(await api('GET', '/api/admin/me', { token }))).toMatchObject({ name: 'Siti Aminah', email })
  })

  it("answers Name and Email problems with 422: required, valid, not another user's", async () => {
    const { token } = await userWithPermissions([])
    expectFailure(await api('PUT', '/api/admin/me', { token, json: {} }), 422, 'Validation Errors', {
      Name: 'Name is required',
      Email: 'Email is required',
    })
    expectFailure(
      await api('PUT', '/api/admin/me', { token, json: { name: 'A', email: 'not-an-address' } }),
      422,
      'Validation Errors',
      {
        Email: 'Email is not a valid email address',
      },
    )
    expectFailure(
      await api('PUT', '/api/admin/me', { token, json: { name: 'A', email: 'admin@example.com' } }),
      422,
      'Validation Errors',
      {
        Email: 'Email already exists',
      },
    )
  })

  it('cannot change the username or roles', async () => {
    const { token, username } = await userWithPermissions([])
    const data = expectSuccess(
      await api('PUT', '/api/admin/me', {
        token,
        json: { name: 'B', email: `${username}@example.com`, username: 'hacker', role_ids: [1] },
      }),
    )
    expect(data.username).toBe(username)
    expect(data.permissions).toEqual({})
  })
})

describe('PUT /api/admin/me/password', () => {
  it(
    'changes the password with the current one; every ' + 'other token stops working, the one used keeps working',
    async () => {
      const { username } = await userWithPermissions([])
      const phone = await loginFrom(username, 'password123', 'Phone')
      const laptop = await loginFrom(username, 'password123', 'Laptop')
      const result = await api('PUT', '/api/admin/me/password', {
        token: laptop.token,
        json: { current_password: 'password123', password: 'a-new-password', password_confirmation: 'a-new-password' },
      })
      expect(expectSuccess(result)).toBeNull()
      expectNoSecrets(result)
      expect(await status(laptop.token)).toBe(200)
      expect(await status(phone.token)).toBe(401)
      expect(
        (
          await api('POST', '/api/login', {
            json: { username, password: 'password123' },
            headers: { 'X-Forwarded-For': clientAddress() },
          })
        ).status,
      ).toBe(401)
      await loginFrom(username, 'a-new-password', 'Tablet')
    },
  )

  it('answers Current_password, Password and Password_confirmation with 422 and changes nothing', async () => {
    const { token, username } = await userWithPermissions([])
    const put = (json: unknown) => api('PUT', '/api/admin/me/password', { token, json })
    expectFailure(
      await put({ current_password: 'wrong-one', password: 'a-new-password', password_confirmation: 'a-new-password' }),
      422,
      'Validation Errors',
      {
        Current_password: 'Current_password is wrong',
      },
    )
    expectFailure(
      await put({ current_password: 'password123', password: 'short', password_confirmation: 'short' }),
      422,
      'Validation Errors',
      {
        Password: 'Password must be at least 8 characters',
      },
    )
    expectFailure(
      await put({ current_password: 'password123', password: 'x'.repeat(73), password_confirmation: 'x'.repeat(73) }),
      422,
      'Validation Errors',
      {
        Password: 'Password may not be longer than 72 bytes',
      },
    )
    expectFailure(
      await put({ current_password: 'password123', password: 'a-new-password', password_confirmation: 'another-one' }),
      422,
      'Validation Errors',
      {
        Password_confirmation: 'Password_confirmation does not match the password',
      },
    )
    expectFailure(await put({}), 422, 'Validation Errors', {
      Current_password: 'Current_password is required',
      Password: 'Password is required',
    })
    expect(await status(token)).toBe(200)
    await loginFrom(username, 'password123', 'Still the old password')
  })
})

describe('sessions and logout', () => {
  it('lists the devices newest first with address and browser, marking the current one', async () => {
    const { username } = await userWithPermissions([])
    const first = await loginFrom(
      username,
      'password123',
      'Mozilla/5.0 (Linux; Android 14) Chrome/120.0 Mobile Safari/537.36',
    )
    const second = await loginFrom(username, 'password123', 'Mozilla/5.0 (Windows NT 10.0) Firefox/121.0')
    const sessions = expectSuccess(await api('GET', '/api/admin/me/sessions', { token: second.token }))
    const mine = sessions.filter((session: { user_agent: string }) => /Android|Windows/.test(session.user_agent))
    expect(
      mine.map((session: { ip: string; current: boolean; user_agent: string }) => [
        session.ip,
        session.current,
        session.user_agent.includes('Windows'),
      ]),
    ).toEqual([
      [second.address, true, true],
      [first.address, false, false],
    ])
    for (const session of mine) {
      expect(Object.keys(session).sort()).toEqual(['created_at', 'current', 'id', 'ip', 'last_used_at', 'user_agent'])
      expect(session.created_at).toMatch(ISO_UTC)
      expect(session.last_used_at).toMatch(ISO_UTC)
    }
  })

  it(
    'ends one device with DELETE /api/admin/me/sessions/{id}, ' + "and answers 404 for another user's session",
    async () => {
      const { username } = await userWithPermissions([])
      const phone = await loginFrom(username, 'password123', 'Phone')
      const laptop = await loginFrom(username, 'password123', 'Laptop')
      const sessions = expectSuccess(await api('GET', '/api/admin/me/sessions', { token: laptop.token }))
      const phoneSession = sessions.find((session: { current: boolean }) => !session.current)
      const otherUser = await userWithPermissions([])
      expectFailure(
        await api('DELETE', `/api/admin/me/sessions/${phoneSession.id}`, { token: otherUser.token }),
        404,
        'Session not found',
        null,
      )
      expect(await status(phone.token)).toBe(200)
      expect(
        expectSuccess(await api('DELETE', `/api/admin/me/sessions/${phoneSession.id}`, { token: laptop.token })),
      ).toBeNull()
      expect(await status(phone.token)).toBe(401)
      expect(await status(laptop.token)).toBe(200)
      expectFailure(
        await api('DELETE', `/api/admin/me/sessions/${phoneSession.id}`, { token: laptop.token }),
        404,
        'Session not found',
        null,
      )
    },
  )

  it('POST /api/logout ends only its own device; POST /api/logout-all ends every one', async () => {
    const { username } = await userWithPermissions([])
    const [a, b, c] = await Promise.all(['A', 'B', 'C'].map((name) => loginFrom(username, 'password123', name)))
    expect(expectSuccess(await api('POST', '/api/logout', { token: a.token }))).toBeNull()
    expect([await status(a.token), await status(b.token), await status(c.token)]).toEqual([401, 200, 200])
    expect(expectSuccess(await api('POST', '/api/logout-all', { token: b.token }))).toBeNull()
    expect([await status(b.token), await status(c.token)]).toEqual([401, 401])
    expectFailure(await api('POST', '/api/logout-all', { token: b.token }), 401, 'Unauthenticated', null)
    expectFailure(await api('POST', '/api/logout-all'), 401, 'Unauthenticated', null)
  })

  it(
    "keeps the original client's login and logout working, and an " +
      "admin's password change for a user ends all of that user's sessions",
    async () => {
      const { token, userId, username } = await userWithPermissions(['dashboard-index'])
      const admin = await adminToken()
      expect((await api('GET', '/api/admin/dashboard', { token })).status).toBe(200)
      const changed = await api('PUT', `/api/admin/users/${userId}`, {
        token: admin,
        json: { name: 'Test User', username, email: `${username}@example.com`, password: 'set-by-admin' },
      })
      expect(changed.status).toBe(200)
      expect((await api('GET', '/api/admin/dashboard', { token })).status).toBe(401)
      const again = await login(username, 'set-by-admin')
      expect((await api('POST', '/api/logout', { token: again })).status).toBe(200)
      expect((await api('GET', '/api/admin/dashboard', { token: again })).status).toBe(401)
    },
  )
})

describe('"Remember me" on the login form (docs/decisions/013: it chooses the session\'s length)', () => {
  const TOKEN_TTL = 7 * 24 * 3600 // the test server's default, 7d
  const SHORT = 12 * 3600

  /** The login form, sent as a browser without scripts sends it (no cookie yet). */
  const submit = (fields: Record<string, string>) =>
    fetch(`${baseUrl()}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': clientAddress() },
      body: new URLSearchParams(fields),
      redirect: 'manual',
    })

  /** The session cookie a login answered, its attributes, and the expiry of its session (the token's and the row's). */
  async function sessionOf(response: Response) {
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/admin/dashboard')
    const cookie = response.headers.getSetCookie().find((header) => header.startsWith('token='))!
    expect(cookie).toBeDefined()
    const [pair, ...attributes] = cookie.split(';').map((part) => part.trim())
    const value = pair.slice('token='.length)
    // Remix's cookie holds the token as base64 of its JSON string.
    const token = JSON.parse(Buffer.from(decodeURIComponent(value), 'base64').toString()) as string
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString())
    const dir = inject('serverDir')
    const db = {
      dbFile: path.join(dir, 'data', 'test.db'),
      databaseUrl: onPostgres() ? fs.readFileSync(path.join(dir, 'database-url'), 'utf8') : '',
    }
    const [row] = await queryDb<{ expires_at: unknown }>(db, 'SELECT expires_at FROM sessions WHERE id = ?', [
      claims.jti,
    ])
    const at = (value: unknown) =>
      value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(String(value))
    // The cookie logs in (the admin's API calls ride on it).
    expect((await api('GET', '/api/admin/me', { headers: { Cookie: `token=${value}` } })).status).toBe(200)
    return {
      attributes: attributes.map((attribute) => attribute.toLowerCase()),
      maxAge: Number(attributes.find((attribute) => /^max-age=/i.test(attribute))?.split('=')[1] ?? NaN),
      tokenSeconds: claims.exp - Date.now() / 1000,
      rowSeconds: (at(row.expires_at) - Date.now()) / 1000,
    }
  }

  it('unticked: a browser-session cookie (no Max-Age, no Expires) and a session of 12 hours at most', async () => {
    const { username } = await userWithPermissions([])
    const session = await sessionOf(await submit({ username, password: 'password123' }))
    expect(
      session.attributes.filter((attribute) => attribute.startsWith('max-age') || attribute.startsWith('expires')),
    ).toEqual([])
    expect(session.attributes).toContain('httponly')
    for (const seconds of [session.tokenSeconds, session.rowSeconds]) {
      expect(seconds).toBeLessThanOrEqual(SHORT)
      expect(seconds).toBeGreaterThan(SHORT - 120)
    }
  })

  it('ticked: a cookie kept for TOKEN_TTL, and a session as long', async () => {
    const { username } = await userWithPermissions([])
    const session = await sessionOf(await submit({ username, password: 'password123', remember: 'on' }))
    expect(session.maxAge).toBe(TOKEN_TTL)
    for (const seconds of [session.tokenSeconds, session.rowSeconds]) {
      expect(seconds).toBeLessThanOrEqual(TOKEN_TTL)
      expect(seconds).toBeGreaterThan(TOKEN_TTL - 120)
    }
  })

  it('keeps the choice through the two-factor step', async () => {
    for (const remember of [true, false]) {
      const { token, username } = await userWithPermissions([])
      const setup = expectSuccess(await api('POST', '/api/admin/me/2fa/setup', { token }))
      const enabledAt = Date.now()
      expectSuccess(
        await api('POST', '/api/admin/me/2fa/enable', { token, json: { code: totp(setup.secret, enabledAt) } }),
      )
      const first = await submit({ username, password: 'password123', ...(remember ? { remember: 'on' } : {}) })
      expect(first.status).toBe(200)
      const ticket = /name="ticket" value="([^"]+)"/.exec(await first.text())![1]
      // A step after the one that turned two-factor on (a code's step is used once).
      const code = totp(setup.secret, Math.max(Date.now(), (Math.floor(enabledAt / 30_000) + 1) * 30_000))
      const session = await sessionOf(await submit({ ticket, code }))
      if (remember) expect(session.maxAge).toBe(TOKEN_TTL)
      else
        expect(
          Number.isNaN(session.maxAge) && !session.attributes.some((attribute) => attribute.startsWith('expires')),
        ).toBe(true)
      expect(session.rowSeconds).toBeLessThanOrEqual(remember ? TOKEN_TTL : SHORT)
      expect(session.rowSeconds).toBeGreaterThan((remember ? TOKEN_TTL : SHORT) - 120)
    }
  })
})
