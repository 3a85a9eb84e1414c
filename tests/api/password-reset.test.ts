import { execFile } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { promisify } from 'node:util'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
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
import { BUILD_DIR, freePort, onPostgres, queryDb, ROOT, startServer, type TestServer } from '../support/server'

// bcrypt and private servers are slow on a busy machine shared with the other test files
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

/**
 * docs/api.md "Password reset": one-time links made by a users-edit user (or e-mailed through SMTP), valid 60 minutes.
 */

const tokenOf = (url: string) => url.split('/reset-password/')[1]
const reset = (json: unknown, base?: string) => api('POST', '/api/password-reset', { json, base })
const newPassword = (token: string, password = 'brand-new-password') => ({
  token,
  password,
  password_confirmation: password,
})
const canLogin = async (username: string, password: string, base?: string) =>
  (
    await api('POST', '/api/login', {
      json: { username, password },
      headers: { 'X-Forwarded-For': clientAddress() },
      base,
    })
  ).status === 200

describe('POST /api/admin/users/{id}/reset-link', () => {
  it("answers a single-use link on the site's address, valid 60 minutes", async () => {
    const { userId } = await userWithPermissions([])
    const before = Date.now()
    const link = expectSuccess(
      await api('POST', `/api/admin/users/${userId}/reset-link`, { token: await adminToken() }),
    )
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
    expectFailure(
      await api('POST', `/api/admin/users/${userId}/reset-link`, { token: editor.token }),
      403,
      'Forbidden',
      null,
    )
    const allowed = await userWithPermissions(['users-edit'])
    expectSuccess(await api('POST', `/api/admin/users/${userId}/reset-link`, { token: allowed.token }))
    expectFailure(
      await api('POST', '/api/admin/users/999999999/reset-link', { token: allowed.token }),
      404,
      'User not found',
      null,
    )
    expectFailure(
      await api('POST', '/api/admin/users/abc/reset-link', { token: allowed.token }),
      404,
      'User not found',
      null,
    )
  })
})

describe('POST /api/password-reset', () => {
  it('sets the new password once; every token of the user stops working, and the link is spent', async () => {
    const { userId, username, token } = await userWithPermissions([])
    const other = await login(username, 'password123')
    const { url } = expectSuccess(
      await api('POST', `/api/admin/users/${userId}/reset-link`, { token: await adminToken() }),
    )
    expect(expectSuccess(await reset(newPassword(tokenOf(url))))).toBeNull()
    for (const old of [token, other]) expect((await api('GET', '/api/admin/me', { token: old })).status).toBe(401)
    expect(await canLogin(username, 'brand-new-password')).toBe(true)
    expect(await canLogin(username, 'password123')).toBe(false)
    expectFailure(await reset(newPassword(tokenOf(url), 'yet-another-one')), 422, 'Validation Errors', {
      Token: 'Token is invalid or has expired',
    })
  })

  it('spends every other link of the user too', async () => {
    const { userId, username } = await userWithPermissions([])
    const admin = await adminToken()
    const first = expectSuccess(await api('POST', `/api/admin/users/${userId}/reset-link`, { token: admin }))
    const second = expectSuccess(await api('POST', `/api/admin/users/${userId}/reset-link`, { token: admin }))
    expectSuccess(await reset(newPassword(tokenOf(second.url))))
    expectFailure(await reset(newPassword(tokenOf(first.url))), 422, 'Validation Errors', {
      Token: 'Token is invalid or has expired',
    })
    expect(await canLogin(username, 'brand-new-password')).toBe(true)
  })

  it('answers an unknown, missing or expired token with 422 Token, and bad passwords with their keys', async () => {
    const { userId, username } = await userWithPermissions([])
    const { url } = expectSuccess(
      await api('POST', `/api/admin/users/${userId}/reset-link`, { token: await adminToken() }),
    )
    const invalid = { Token: 'Token is invalid or has expired' }
    expectFailure(await reset(newPassword('not-a-token')), 422, 'Validation Errors', invalid)
    expectFailure(
      await reset({ password: 'brand-new-password', password_confirmation: 'brand-new-password' }),
      422,
      'Validation Errors',
      invalid,
    )
    expectFailure(
      await reset({ token: tokenOf(url), password: 'short', password_confirmation: 'short' }),
      422,
      'Validation Errors',
      {
        Password: 'Password must be at least 8 characters',
      },
    )
    expectFailure(
      await reset({ token: tokenOf(url), password: 'brand-new-password', password_confirmation: 'different' }),
      422,
      'Validation Errors',
      {
        Password_confirmation: 'Password_confirmation does not match the password',
      },
    )
    // Refused input spent nothing: the link still works. Then it is made to have expired, in the database itself.
    const dir = inject('serverDir')
    const shared = {
      dbFile: path.join(dir, 'data', 'test.db'),
      databaseUrl: onPostgres() ? fs.readFileSync(path.join(dir, 'database-url'), 'utf8') : '',
    }
    await queryDb(shared, 'UPDATE password_resets SET expires_at = ? WHERE user_id = ?', [
      '2000-01-01T00:00:00.000+00:00',
      userId,
    ])
    expectFailure(await reset(newPassword(tokenOf(url))), 422, 'Validation Errors', invalid)
    expect(await canLogin(username, 'password123')).toBe(true)
  })

  it('never answers a token or a password, and needs no login', async () => {
    const result = await reset(newPassword('nope'))
    expect(result.text).not.toContain('brand-new-password')
    expect(result.status).toBe(422)
  })
})

describe('npm run reset-password -- USERNAME (README: for a locked-out sole admin, on the server)', () => {
  const execFileAsync = promisify(execFile)
  /** The shared test server's own configuration: the script runs on the server, against the site's database. */
  const serverEnv = () => {
    const dir = inject('serverDir')
    return {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      BUILD_DIR,
      DATABASE_URL: onPostgres()
        ? fs.readFileSync(path.join(dir, 'database-url'), 'utf8')
        : `file:${path.join(dir, 'data', 'test.db')}`,
      UPLOADS_DIR: path.join(dir, 'uploads'),
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
      SITE_URL: inject('baseUrl'),
    }
  }
  /** Runs the command exactly as README documents it, in the checkout; its exit code, output and error output. */
  async function run(username: string, env: Record<string, string | undefined> = serverEnv()) {
    try {
      const { stdout, stderr } = await execFileAsync('npm', ['run', 'reset-password', '--', username], {
        cwd: ROOT,
        env: env as NodeJS.ProcessEnv,
        timeout: 60_000,
      })
      return { code: 0, stdout, stderr }
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string }
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
    }
  }
  const linkIn = (stdout: string) => /^(\S+\/reset-password\/[A-Za-z0-9_-]{43})$/m.exec(stdout)?.[1]

  it(
    'prints a link on SITE_URL that opens the form and sets a new password, ' + 'logged as made on the server',
    async () => {
      const { userId, username, token } = await userWithPermissions(['dashboard-index'])
      const name = unique('Terkunci ')
      expectSuccess(await api('PUT', '/api/admin/me', { token, json: { name, email: `${username}@example.com` } }))
      const result = await run(username)
      expect(result.code, result.stderr).toBe(0)
      expect(result.stdout).toContain(`Open this link within 60 minutes`)
      expect(result.stdout).not.toContain('SITE_URL is not set')
      const url = linkIn(result.stdout)!
      expect(url).toMatch(new RegExp(`^${inject('baseUrl')}/reset-password/`))

      // The printed link, as a browser would use it: the page with its form, then the form sent (no login, no cookie).
      const page = await fetch(url)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('Simpan Password Baru')
      const saved = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': clientAddress() },
        body: new URLSearchParams({ password: 'set-from-the-server', password_confirmation: 'set-from-the-server' }),
      })
      expect(saved.status).toBe(200)
      expect(await saved.text()).toContain('Password Diperbarui')
      expect(await canLogin(username, 'set-from-the-server')).toBe(true)
      expect(await canLogin(username, 'password123')).toBe(false)
      expect((await api('GET', '/api/admin/me', { token })).status).toBe(401)
      // Spent: the same link opens no form any more.
      expect(await (await fetch(url)).text()).toContain('Tautan Tidak Berlaku')

      // Two entries, told apart by who: the link made on the server, then the password set with it (no field named).
      const log = expectSuccess(
        await api(
          'GET',
          `/api/admin/activities?action=password_reset&resource=users&search=${encodeURIComponent(name)}`,
          { token: await adminToken() },
        ),
      )
      expect(
        log.data.map((entry: Record<string, unknown>) => [
          entry.user_id,
          entry.user_name,
          entry.resource_id,
          entry.summary,
          entry.changes,
        ]),
      ).toEqual([
        [userId, name, userId, name, []],
        [null, 'npm run reset-password', userId, name, []],
      ])
    },
  )

  it(
    'without SITE_URL prints a localhost link on PORT ' + 'and says that SITE_URL makes one that opens elsewhere',
    async () => {
      const { username } = await userWithPermissions([])
      const result = await run(username, { ...serverEnv(), SITE_URL: undefined, PORT: '8123' })
      expect(result.code, result.stderr).toBe(0)
      const url = linkIn(result.stdout)!
      expect(url).toMatch(/^http:\/\/localhost:8123\/reset-password\//)
      expect(result.stdout).toContain(
        'SITE_URL is not set, so this link points at http://localhost:8123 and opens only in a browser on this server',
      )
      expect(result.stdout).toContain('SITE_URL=https://')
      // The token itself is good on the site, whatever address it is opened at.
      expectSuccess(await reset(newPassword(tokenOf(url))))
      expect(await canLogin(username, 'brand-new-password')).toBe(true)
    },
  )

  it('refuses an unknown username with a clear message and a non-zero exit, printing no link', async () => {
    const ghost = unique('nobody')
    const result = await run(ghost)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`[reset-password] no user named "${ghost}"`)
    expect(linkIn(result.stdout)).toBeUndefined()
    const usage = await run('')
    expect(usage.code).not.toBe(0)
    expect(usage.stderr).toContain('Usage: npm run reset-password -- USERNAME')
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
    // A client that drops its connection (the site stopping with a pooled one open) is a socket error of the SMTP
    // server's: without a listener it would be an uncaught exception of the test run.
    smtp.on('error', () => undefined)
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve))
    server = await startServer({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: 'Desa Uji Coba <noreply@example.com>',
        SEED_DEMO: 'false',
      },
    })
  })

  afterAll(async () => {
    await server?.stop()
    await new Promise<void>((resolve) => (smtp ? smtp.close(resolve) : resolve()))
  })

  const ask = (email: string, address = clientAddress()) =>
    fetch(`${server.url}/forgot-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': address },
      body: new URLSearchParams({ email }),
    })

  /** The first mail to `address` among those received after the first `after` mails. */
  async function mailTo(address: string, timeout = 20_000, after = 0) {
    const until = Date.now() + timeout
    while (Date.now() < until) {
      const mail = mails.slice(after).find((entry) => entry.to === address)
      if (mail) return mail
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`no mail to ${address}`)
  }

  it("e-mails a working link to the account's address, and answers an unknown address exactly alike", async () => {
    const address = clientAddress()
    const known = await ask('user@example.com', address)
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

    // The log (admins only) shows the link the form made, from the address that asked, and the password set with it.
    const admin = await login('admin', 'password', server.url)
    const userId = expectSuccess(
      await api('GET', '/api/admin/users?search=user', { token: admin, base: server.url }),
    ).data.find((row: { username: string }) => row.username === 'user').id
    const log = expectSuccess(
      await api('GET', '/api/admin/activities?action=password_reset', { token: admin, base: server.url }),
    ).data
    expect(
      log.map((entry: Record<string, unknown>) => [
        entry.user_id,
        entry.user_name,
        entry.resource,
        entry.resource_id,
        entry.changes,
        entry.ip,
      ]),
    ).toEqual([
      [userId, expect.any(String), 'users', userId, [], expect.any(String)],
      [null, 'Lupa password?', 'users', userId, [], address],
    ])
  })

  it(
    'puts the link on SITE_URL, ' + 'whatever Host or X-Forwarded-Host the request names (no poisoned reset links)',
    async () => {
      // Anyone may send this form without a session (there is no cookie for CSRF to check): an attacker who could
      // choose the link's host would have the site mail the victim a genuine message whose link hands the token to
      // them.
      const after = mails.length
      const status = await new Promise<number>((resolve, reject) => {
        const body = new URLSearchParams({ email: 'user@example.com' }).toString()
        const request = http.request(`${server.url}/forgot-password`, {
          method: 'POST',
          headers: {
            Host: 'evil.example',
            'X-Forwarded-Host': 'evil.example',
            'X-Forwarded-Proto': 'https',
            'X-Forwarded-For': clientAddress(),
            'Content-Type': 'application/x-www-form-urlencoded',
            'Content-Length': Buffer.byteLength(body),
          },
        })
        request.on('response', (response) => {
          response.resume()
          resolve(response.statusCode!)
        })
        request.on('error', reject)
        request.end(body)
      })
      expect(status).toBe(200)
      const text = (await mailTo('user@example.com', 20_000, after)).text.replace(/=\r?\n/g, '')
      expect(text).not.toContain('evil.example')
      const links = text.match(/\S*\/reset-password\/[A-Za-z0-9_-]+/g)
      expect(links).toHaveLength(1)
      expect(links![0]).toMatch(new RegExp(`^${server.url}/reset-password/[A-Za-z0-9_-]{43}$`))
    },
  )
})
