import fs from 'node:fs'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { adminToken, api, clientAddress, expectFailure, expectSuccess, login, userWithPermissions } from '../support/api'
import { freePort, onPostgres, queryDb, startServer, type TestServer } from '../support/server'

// bcrypt and private servers are slow on a busy machine shared with the other test files
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

/** docs/api.md "Password reset": one-time links made by a users-edit user (or e-mailed through SMTP), valid 60 minutes. */

const tokenOf = (url: string) => url.split('/reset-password/')[1]
const reset = (json: unknown, base?: string) => api('POST', '/api/password-reset', { json, base })
const newPassword = (token: string, password = 'brand-new-password') => ({ token, password, password_confirmation: password })
const canLogin = async (username: string, password: string, base?: string) =>
  (await api('POST', '/api/login', { json: { username, password }, headers: { 'X-Forwarded-For': clientAddress() }, base })).status === 200

describe('POST /api/admin/users/{id}/reset-link', () => {
  it('answers a single-use link on the site\'s address, valid 60 minutes', async () => {
    const { userId } = await userWithPermissions([])
    const before = Date.now()
    const link = expectSuccess(await api('POST', `/api/admin/users/${userId}/reset-link`, { token: await adminToken() }))
    expect(Object.keys(link).sort()).toEqual(['expires_at', 'url'])
    expect(link.url).toMatch(new RegExp(`^${inject('baseUrl')}/reset-password/[A-Za-z0-9_-]{43}$`))
    const minutes = (Date.parse(link.expires_at) - before) / 60_000
    expect(minutes).toBeGreaterThan(59)
    expect(minutes).toBeLessThanOrEqual(60.1)
  })

  it('needs users-edit, and answers 404 for an unknown user', async () => {
    const { userId } = await userWithPermissions([])
    expectFailure(await api('POST', `/api/admin/users/${userId}/reset-link`), 401, 'Unauthenticated', null)
    const editor = await userWithPermissions(['users-index', 'users-show', 'users-update', 'users-create'])
    expectFailure(await api('POST', `/api/admin/users/${userId}/reset-link`, { token: editor.token }), 403, 'Forbidden', null)
    const allowed = await userWithPermissions(['users-edit'])
    expectSuccess(await api('POST', `/api/admin/users/${userId}/reset-link`, { token: allowed.token }))
    expectFailure(await api('POST', '/api/admin/users/999999999/reset-link', { token: allowed.token }), 404, 'User not found', null)
    expectFailure(await api('POST', '/api/admin/users/abc/reset-link', { token: allowed.token }), 404, 'User not found', null)
  })
})

describe('POST /api/password-reset', () => {
  it('sets the new password once; every token of the user stops working, and the link is spent', async () => {
    const { userId, username, token } = await userWithPermissions([])
    const other = await login(username, 'password123')
    const { url } = expectSuccess(await api('POST', `/api/admin/users/${userId}/reset-link`, { token: await adminToken() }))
    expect(expectSuccess(await reset(newPassword(tokenOf(url))))).toBeNull()
    for (const old of [token, other]) expect((await api('GET', '/api/admin/me', { token: old })).status).toBe(401)
    expect(await canLogin(username, 'brand-new-password')).toBe(true)
    expect(await canLogin(username, 'password123')).toBe(false)
    expectFailure(await reset(newPassword(tokenOf(url), 'yet-another-one')), 422, 'Validation Errors', { Token: 'Token is invalid or has expired' })
  })

  it('spends every other link of the user too', async () => {
    const { userId, username } = await userWithPermissions([])
    const admin = await adminToken()
    const first = expectSuccess(await api('POST', `/api/admin/users/${userId}/reset-link`, { token: admin }))
    const second = expectSuccess(await api('POST', `/api/admin/users/${userId}/reset-link`, { token: admin }))
    expectSuccess(await reset(newPassword(tokenOf(second.url))))
    expectFailure(await reset(newPassword(tokenOf(first.url))), 422, 'Validation Errors', { Token: 'Token is invalid or has expired' })
    expect(await canLogin(username, 'brand-new-password')).toBe(true)
  })

  it('answers an unknown, missing or expired token with 422 Token, and bad passwords with their keys', async () => {
    const { userId, username } = await userWithPermissions([])
    const { url } = expectSuccess(await api('POST', `/api/admin/users/${userId}/reset-link`, { token: await adminToken() }))
    const invalid = { Token: 'Token is invalid or has expired' }
    expectFailure(await reset(newPassword('not-a-token')), 422, 'Validation Errors', invalid)
    expectFailure(await reset({ password: 'brand-new-password', password_confirmation: 'brand-new-password' }), 422, 'Validation Errors', invalid)
    expectFailure(await reset({ token: tokenOf(url), password: 'short', password_confirmation: 'short' }), 422, 'Validation Errors', {
      Password: 'Password must be at least 8 characters',
    })
    expectFailure(await reset({ token: tokenOf(url), password: 'brand-new-password', password_confirmation: 'different' }), 422, 'Validation Errors', {
      Password_confirmation: 'Password_confirmation does not match the password',
    })
    // Refused input spent nothing: the link still works. Then it is made to have expired, in the database itself.
    const dir = inject('serverDir')
    const shared = { dbFile: path.join(dir, 'data', 'test.db'), databaseUrl: onPostgres() ? fs.readFileSync(path.join(dir, 'database-url'), 'utf8') : '' }
    await queryDb(shared, 'UPDATE password_resets SET expires_at = ? WHERE user_id = ?', ['2000-01-01T00:00:00.000+00:00', userId])
    expectFailure(await reset(newPassword(tokenOf(url))), 422, 'Validation Errors', invalid)
    expect(await canLogin(username, 'password123')).toBe(true)
  })

  it('never answers a token or a password, and needs no login', async () => {
    const result = await reset(newPassword('nope'))
    expect(result.text).not.toContain('brand-new-password')
    expect(result.status).toBe(422)
  })
})

describe('"Lupa password?" without SMTP', () => {
  it('tells the user to ask an administrator', async () => {
    const page = await fetch(`${inject('baseUrl')}/forgot-password`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Hubungi administrator desa')
  })
})

describe('"Lupa password?" with SMTP (a server of its own, and an SMTP server started here)', () => {
  type Mail = { to: string; text: string }
  const mails: Mail[] = []
  let smtp: SMTPServer
  let server: TestServer

  beforeAll(async () => {
    const port = await freePort()
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = ''
        stream.on('data', (chunk) => (raw += chunk))
        stream.on('end', () => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), text: raw })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve))
    server = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Desa Uji Coba <noreply@example.com>', SEED_DEMO: 'false' } })
  })

  afterAll(async () => {
    await server?.stop()
    await new Promise<void>((resolve) => (smtp ? smtp.close(resolve) : resolve()))
  })

  const ask = (email: string) =>
    fetch(`${server.url}/forgot-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': clientAddress() },
      body: new URLSearchParams({ email }),
    })

  async function mailTo(address: string, timeout = 20_000) {
    const until = Date.now() + timeout
    while (Date.now() < until) {
      const mail = mails.find((entry) => entry.to === address)
      if (mail) return mail
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`no mail to ${address}`)
  }

  it('e-mails a working link to the account\'s address, and answers an unknown address exactly alike', async () => {
    const known = await ask('user@example.com')
    const unknown = await ask('nobody-here@example.com')
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    const strip = (html: string) => html.replace(/nonce="[^"]*"/g, '').replace(/"[a-zA-Z0-9+/=]{20,}"/g, '')
    const [knownPage, unknownPage] = await Promise.all([known.text(), unknown.text()])
    expect(knownPage).toContain('Jika email tersebut terdaftar')
    expect(strip(unknownPage)).toBe(strip(knownPage))

    const mail = await mailTo('user@example.com')
    expect(mail.text).toContain('From: Desa Uji Coba <noreply@example.com>')
    const url = /http:\/\/127\.0\.0\.1:\d+\/reset-password\/[A-Za-z0-9_-]+/.exec(mail.text.replace(/=\r?\n/g, ''))![0]
    expect(url.startsWith(server.url)).toBe(true)
    expect(expectSuccess(await reset(newPassword(tokenOf(url)), server.url))).toBeNull()
    expect(await canLogin('user', 'brand-new-password', server.url)).toBe(true)

    // Nothing went to the unknown address (it had time enough: the known one's mail came after it was asked).
    expect(mails.filter((entry) => entry.to === 'nobody-here@example.com')).toEqual([])
  })
})
