import fs from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import {
  adminToken,
  api,
  baseUrl,
  clientAddress,
  expectFailure,
  expectSuccess,
  ISO_UTC,
  login,
  unique,
  userWithPermissions,
} from '../support/api'
import { insertRows, queryDb, startServer } from '../support/server'
import { totp } from '../support/totp'

// bcrypt and private servers are slow on a busy machine shared with the other test files
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

/** docs/api.md "Activity log": every successful write and every login attempt; read only. */

type Entry = {
  id: number
  user_id: number | null
  user_name: string
  action: string
  resource: string
  resource_id: number | null
  summary: string
  changes: string[]
  ip: string | null
  created_at: string
}

async function entries(query: string, token?: string): Promise<Entry[]> {
  return expectSuccess(await api('GET', `/api/admin/activities?${query}`, { token: token ?? (await adminToken()) }))
    .data
}

describe('GET /api/admin/activities', () => {
  it(
    'records a create, an update with the names of the fields it changed, ' + 'and a delete, by whom and from where',
    async () => {
      const { token, userId } = await userWithPermissions(['categories-create', 'categories-edit', 'categories-delete'])
      const address = clientAddress()
      const headers = { 'X-Forwarded-For': address }
      const name = unique('Kategori Log ')
      const created = expectSuccess(await api('POST', '/api/admin/categories', { token, headers, json: { name } }), 201)
      expectSuccess(
        await api('PUT', `/api/admin/categories/${created.id}`, { token, headers, json: { name: `${name} Baru` } }),
      )
      expectSuccess(
        await api('PUT', `/api/admin/categories/${created.id}`, { token, headers, json: { name: `${name} Baru` } }),
      )
      expectSuccess(await api('DELETE', `/api/admin/categories/${created.id}`, { token, headers }))
      // A refused write adds nothing.
      expectFailure(await api('POST', '/api/admin/categories', { token, headers, json: {} }), 422)

      const log = await entries(`resource=categories&user_id=${userId}`)
      expect(log.map((entry) => [entry.action, entry.resource_id, entry.summary, entry.changes])).toEqual([
        ['delete', created.id, `${name} Baru`, []],
        ['update', created.id, `${name} Baru`, []],
        ['update', created.id, `${name} Baru`, ['name', 'slug']],
        ['create', created.id, name, ['name', 'slug']],
      ])
      for (const entry of log) {
        expect(Object.keys(entry).sort()).toEqual([
          'action',
          'changes',
          'created_at',
          'id',
          'ip',
          'resource',
          'resource_id',
          'summary',
          'user_id',
          'user_name',
        ])
        expect(entry).toMatchObject({ user_id: userId, user_name: 'Test User', resource: 'categories', ip: address })
        expect(entry.created_at).toMatch(ISO_UTC)
      }
    },
  )

  it(
    'logs a changed password as an entry of its own, ' +
      'never naming it among the changed fields, and keeps user_name after the user is deleted',
    async () => {
      const admin = await adminToken()
      const { token, userId, username } = await userWithPermissions(['users-edit', 'users-update'])
      const target = await userWithPermissions([])
      const secret = 'a-secret-new-password'
      expectSuccess(
        await api('PUT', `/api/admin/users/${target.userId}`, {
          token,
          json: {
            name: 'Renamed Target',
            username: target.username,
            email: `${target.username}@example.com`,
            password: secret,
            role_ids: [target.roleId],
          },
        }),
      )
      // Two entries, the update's the newest: the fields it changed, and the password change (no field names).
      const [entry, passwordEntry] = await entries(`resource=users&user_id=${userId}`)
      expect(entry).toMatchObject({
        action: 'update',
        resource_id: target.userId,
        summary: 'Renamed Target',
        changes: ['name'],
      })
      expect(passwordEntry).toMatchObject({
        action: 'password_change',
        resource_id: target.userId,
        summary: 'Renamed Target',
        changes: [],
      })
      // An update without a password adds no such entry.
      expectSuccess(
        await api('PUT', `/api/admin/users/${target.userId}`, {
          token,
          json: {
            name: 'Renamed Target',
            username: target.username,
            email: `${target.username}@example.com`,
            password: '',
            role_ids: [target.roleId],
          },
        }),
      )
      const [unchanged, previous] = await entries(`resource=users&user_id=${userId}`)
      expect([unchanged.action, unchanged.changes, previous.id]).toEqual(['update', [], entry.id])
      const raw = await api('GET', `/api/admin/activities?user_id=${userId}`, { token: admin })
      expect(raw.text).not.toMatch(/"changes":\[[^\]]*"password"/)
      expect(raw.text).not.toContain(secret)
      expect(raw.text).not.toMatch(/\$2[abxy]\$/)

      expectSuccess(await api('DELETE', `/api/admin/users/${userId}`, { token: admin }))
      const after = await entries(`user_id=${userId}`)
      expect(after.length).toBeGreaterThan(0)
      expect(after.every((row) => row.user_name === 'Test User')).toBe(true)
      expect(username).toBeTruthy()
    },
  )

  it(
    'records every login attempt: success, wrong password, ' +
      'unknown user, missing and wrong two-factor code, and logout',
    async () => {
      const { userId, username, token: first } = await userWithPermissions([])
      const address = clientAddress()
      const headers = { 'X-Forwarded-For': address }
      const attempt = (password: string, name = username, code?: string) =>
        api('POST', '/api/login', {
          json: { username: name, password, ...(code === undefined ? {} : { code }) },
          headers,
        })
      expect((await attempt('wrong-password')).status).toBe(401)
      const ghost = unique('ghost')
      expect((await attempt('whatever', ghost)).status).toBe(401)
      const token = expectSuccess(await attempt('password123')).token
      expectSuccess(await api('POST', '/api/logout', { token, headers }))

      const mine = await entries(`user_id=${userId}&resource=users`)
      expect(mine.slice(0, 3).map((entry) => [entry.action, entry.ip])).toEqual([
        ['logout', address],
        ['login', address],
        ['login_failed', address],
      ])
      const [unknown] = await entries(`search=${ghost}`)
      expect(unknown).toMatchObject({
        action: 'login_failed',
        user_id: null,
        user_name: ghost,
        resource: 'users',
        ip: address,
      })

      // Two-factor login on (an entry of its own), then a right password without a code and with a wrong code: each a
      // failed login of that user, saying which. Then off again, with the password.
      const setup = expectSuccess(await api('POST', '/api/admin/me/2fa/setup', { token: first, headers }))
      expectSuccess(
        await api('POST', '/api/admin/me/2fa/enable', { token: first, headers, json: { code: totp(setup.secret) } }),
      )
      expect(await attempt('password123', username, '').then((result) => result.body.errors)).toEqual({
        Code: 'Two-factor code required',
      })
      const near = [-1, 0, 1].map((step) => totp(setup.secret, Date.now(), step))
      const wrong = ['000000', '111111', '222222', '333333'].find((code) => !near.includes(code))!
      expect(await attempt('password123', username, wrong).then((result) => result.body.errors)).toEqual({
        Code: 'Invalid two-factor code',
      })
      expectSuccess(
        await api('POST', '/api/admin/me/2fa/disable', { token: first, headers, json: { password: 'password123' } }),
      )

      const after = await entries(`user_id=${userId}&resource=users`)
      expect(after.slice(0, 4).map((entry) => [entry.action, entry.resource_id, entry.summary, entry.ip])).toEqual([
        ['two_factor_off', userId, 'Test User', address],
        ['login_failed', userId, 'Kode verifikasi salah', address],
        ['login_failed', userId, 'Kode verifikasi tidak diisi', address],
        ['two_factor_on', userId, 'Test User', address],
      ])
      for (const entry of after.slice(0, 4)) expect(entry).toMatchObject({ user_id: userId, changes: [] })
      expect(JSON.stringify(after)).not.toContain(setup.secret)

      // Off again when already off: nothing to log. An attempt without a password (422) is a failed login all the same.
      expectSuccess(
        await api('POST', '/api/admin/me/2fa/disable', { token: first, headers, json: { password: 'password123' } }),
      )
      expectFailure(await attempt(''), 422, 'Validation Errors', { Password: 'Password is required' })
      const last = await entries(`user_id=${userId}&resource=users`)
      expect(last.slice(0, 2).map((entry) => [entry.action, entry.summary, entry.ip])).toEqual([
        ['login_failed', 'Username atau password tidak lengkap', address],
        ['two_factor_off', 'Test User', address],
      ])
      expect(last[1].id).toBe(after[0].id)
    },
  )

  it(
    'records the account events: own name, own password, ' +
      'a reset link made by an admin and the password set with it',
    async () => {
      const { token, userId, username } = await userWithPermissions([])
      const address = clientAddress()
      const headers = { 'X-Forwarded-For': address }
      const name = unique('Akun Log ')
      expectSuccess(
        await api('PUT', '/api/admin/me', { token, headers, json: { name, email: `${username}@example.com` } }),
      )
      // A refused change adds nothing; a done one is its own action, naming no field and never the value.
      expectFailure(
        await api('PUT', '/api/admin/me/password', {
          token,
          headers,
          json: {
            current_password: 'wrong-one',
            password: 'changed-password-1',
            password_confirmation: 'changed-password-1',
          },
        }),
        422,
      )
      expectSuccess(
        await api('PUT', '/api/admin/me/password', {
          token,
          headers,
          json: {
            current_password: 'password123',
            password: 'changed-password-1',
            password_confirmation: 'changed-password-1',
          },
        }),
      )

      // docs/api.md has one action for both steps of a reset link, `password_reset`: who made it, then the user who set
      // a password with it (neither names a field: a password is never one of the `changes`).
      const admin = await adminToken()
      const adminId = expectSuccess(await api('GET', '/api/admin/me', { token: admin })).id
      const adminAddress = clientAddress()
      const { url } = expectSuccess(
        await api('POST', `/api/admin/users/${userId}/reset-link`, {
          token: admin,
          headers: { 'X-Forwarded-For': adminAddress },
        }),
      )
      expectSuccess(
        await api('POST', '/api/password-reset', {
          headers,
          json: {
            token: url.split('/reset-password/')[1],
            password: 'changed-password-2',
            password_confirmation: 'changed-password-2',
          },
        }),
      )

      const log = await entries(`resource=users&search=${encodeURIComponent(name)}`)
      expect(
        log.map((entry) => [entry.action, entry.user_id, entry.resource_id, entry.summary, entry.changes, entry.ip]),
      ).toEqual([
        ['password_reset', userId, userId, name, [], address],
        ['password_reset', adminId, userId, name, [], adminAddress],
        ['password_change', userId, userId, name, [], address],
        ['update', userId, userId, name, ['name'], address],
      ])
      const raw = await api('GET', `/api/admin/activities?search=${encodeURIComponent(name)}`, { token: admin })
      for (const secret of ['changed-password-1', 'changed-password-2', url.split('/reset-password/')[1]])
        expect(raw.text).not.toContain(secret)
    },
  )

  it(
    'searches summary and user name, filters by user, ' +
      'resource and action, and pages 10 at a time keeping the filters',
    async () => {
      const { token, userId } = await userWithPermissions(['pages-create'])
      const marker = unique('Halaman Cari ')
      for (let i = 0; i < 12; i++)
        expectSuccess(
          await api('POST', '/api/admin/pages', { token, json: { title: `${marker} ${i}`, content: '<p>Isi</p>' } }),
          201,
        )
      const first = expectSuccess(
        await api(
          'GET',
          `/api/admin/activities?search=${encodeURIComponent(marker)}&action=create&resource=pages&user_id=${userId}`,
          { token: await adminToken() },
        ),
      )
      expect(first.total).toBe(12)
      expect(first.per_page).toBe(10)
      expect(first.data[0].summary).toBe(`${marker} 11`)
      expect(first.next_page_url).toContain('page=2')
      for (const kept of ['action=create', 'resource=pages', `user_id=${userId}`, 'search='])
        expect(first.next_page_url).toContain(kept)
      const second = expectSuccess(await api('GET', first.next_page_url, { token: await adminToken() }))
      expect(second.data.map((entry: Entry) => entry.summary)).toEqual([`${marker} 1`, `${marker} 0`])
      expect(await entries(`search=${encodeURIComponent(marker)}&action=delete`)).toEqual([])
      // Unknown filter values narrow nothing away wrongly: an unknown action or user is ignored, an unknown resource
      // has no entries.
      expect((await entries(`search=${encodeURIComponent(marker)}&action=nonsense`)).length).toBe(10)
      expect(await entries(`search=${encodeURIComponent(marker)}&resource=nonsense`)).toEqual([])
      // A user id no database could hold is ignored as well (it was a 500), on the API and on the screen.
      for (const id of ['10000000000000000000', '9007199254740992', 'abc', '-1', '1.5']) {
        expect((await entries(`search=${encodeURIComponent(marker)}&user_id=${id}`)).length, id).toBe(10)
      }
      const screen = await fetch(`${baseUrl()}/admin/activities?user_id=10000000000000000000`, {
        headers: { Cookie: `token=${await adminToken()}` },
        redirect: 'manual',
      })
      expect(screen.status).toBe(200)
    },
  )

  it('needs activities-index, and offers no way to write, edit or delete entries', async () => {
    expectFailure(await api('GET', '/api/admin/activities'), 401, 'Unauthenticated', null)
    const user = await login('user')
    expectFailure(await api('GET', '/api/admin/activities', { token: user }), 403, 'Forbidden', null)
    const admin = await adminToken()
    const [latest] = await entries('')
    expect((await api('POST', '/api/admin/activities', { token: admin, json: {} })).status).toBe(405)
    for (const method of ['PUT', 'DELETE']) {
      const result = await api(method, `/api/admin/activities/${latest.id}`, { token: admin, json: {} })
      expect([404, 405]).toContain(result.status)
    }
    const still = await entries('')
    expect(still.some((entry) => entry.id === latest.id)).toBe(true)
  })
})

describe('retention (a server of its own, ACTIVITY_RETENTION_DAYS=30)', () => {
  it('removes entries older than the retention on start-up and keeps the rest', async () => {
    let server = await startServer({ env: { ACTIVITY_RETENTION_DAYS: '30', SEED_DEMO: 'false' } })
    try {
      await server.stop()
      const daysAgo = (days: number) =>
        new Date(Date.now() - days * 24 * 3600 * 1000).toISOString().replace('Z', '+00:00')
      await insertRows(
        server,
        'activities',
        ['user_name', 'action', 'resource', 'summary', 'changes', 'created_at'],
        [
          ['Lama', 'update', 'posts', 'old', '[]', daysAgo(31)],
          ['Lama', 'update', 'posts', 'recent', '[]', daysAgo(29)],
        ],
      )
      server = await startServer({ dir: server.dir, env: { ACTIVITY_RETENTION_DAYS: '30', SEED_DEMO: 'false' } })
      const left = await queryDb(server, "SELECT summary FROM activities WHERE user_name = 'Lama'")
      expect(left).toEqual([{ summary: 'recent' }])
      expect(server.output()).toContain('removed 1 activity log entry older than 30 days')
    } finally {
      await server.stop()
      fs.rmSync(server.dir, { recursive: true, force: true })
    }
  })
})
