import { describe, expect, it, vi } from 'vitest'
import { api, clientAddress, expectFailure, expectSuccess, userWithPermissions } from '../support/api'
import { totp } from '../support/totp'

// bcrypt and private servers are slow on a busy machine shared with the other test files
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

/** docs/api.md "Two-factor login": TOTP per RFC 6238, checked with a code computed here from the secret. */

const loginWith = (username: string, extra: Record<string, unknown> = {}, address = clientAddress()) =>
  api('POST', '/api/login', {
    json: { username, password: 'password123', ...extra },
    headers: { 'X-Forwarded-For': address },
  })

/** A code of a step after `lastUsed` (a code's step may be used once): now's, or the next one while now's was used. */
const freshCode = (secret: string, lastUsed: number) =>
  totp(secret, Math.max(Date.now(), (Math.floor(lastUsed / 30_000) + 1) * 30_000))

/** A fresh user with two-factor login on: its secret, its recovery codes and the step its enabling code used. */
async function userWithTwoFactor() {
  const user = await userWithPermissions(['dashboard-index'])
  const setup = expectSuccess(await api('POST', '/api/admin/me/2fa/setup', { token: user.token }))
  const enabledAt = Date.now()
  const enabled = expectSuccess(
    await api('POST', '/api/admin/me/2fa/enable', { token: user.token, json: { code: totp(setup.secret, enabledAt) } }),
  )
  return { ...user, secret: setup.secret as string, recoveryCodes: enabled.recovery_codes as string[], enabledAt }
}

describe('setup and enable', () => {
  it('answers a base32 secret and its otpauth address, active only once a right code confirms it', async () => {
    const { token, username } = await userWithPermissions([])
    const setup = expectSuccess(await api('POST', '/api/admin/me/2fa/setup', { token }))
    expect(Object.keys(setup).sort()).toEqual(['otpauth_url', 'secret'])
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/)
    const url = new URL(setup.otpauth_url)
    expect(url.protocol).toBe('otpauth:')
    expect(url.host).toBe('totp')
    expect(decodeURIComponent(url.pathname)).toBe(`/Desa Uji Coba:${username}`)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      secret: setup.secret,
      issuer: 'Desa Uji Coba',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    })

    // Not active yet: the password alone still logs in.
    expect(expectSuccess(await loginWith(username)).token).toBeTruthy()
    expect(expectSuccess(await api('GET', '/api/admin/me', { token })).two_factor_enabled).toBe(false)

    expectFailure(
      await api('POST', '/api/admin/me/2fa/enable', {
        token,
        json: { code: '000000' === totp(setup.secret) ? '111111' : '000000' },
      }),
      422,
      'Validation Errors',
      {
        Code: 'Code is not valid',
      },
    )
    expectFailure(await api('POST', '/api/admin/me/2fa/enable', { token, json: {} }), 422, 'Validation Errors', {
      Code: 'Code is required',
    })
    const enabled = expectSuccess(
      await api('POST', '/api/admin/me/2fa/enable', { token, json: { code: totp(setup.secret) } }),
    )
    expect(enabled.recovery_codes).toHaveLength(10)
    expect(new Set(enabled.recovery_codes).size).toBe(10)
    expect(expectSuccess(await api('GET', '/api/admin/me', { token })).two_factor_enabled).toBe(true)
    // A second setup while it is on is refused rather than replacing the secret.
    expectFailure(await api('POST', '/api/admin/me/2fa/setup', { token }), 409)
  })

  it('needs a login', async () => {
    for (const path of ['setup', 'enable', 'disable'])
      expectFailure(await api('POST', `/api/admin/me/2fa/${path}`, { json: {} }), 401, 'Unauthenticated', null)
  })
})

describe('POST /api/login with two-factor login on', () => {
  it('asks for the code, refuses wrong, reused and expired codes, and accepts a fresh one', async () => {
    const { username, secret, enabledAt } = await userWithTwoFactor()
    const required = await loginWith(username)
    expectFailure(required, 401, 'Two-factor code required', { Code: 'Two-factor code required' })
    expect(required.text).not.toContain('token')
    const invalid = { Code: 'Invalid two-factor code' }
    expectFailure(await loginWith(username, { code: 'abcdef' }), 401, 'Invalid two-factor code', invalid)
    // The code that enabled it was used already, and one from two minutes ago has expired.
    expectFailure(await loginWith(username, { code: totp(secret, enabledAt) }), 401, 'Invalid two-factor code', invalid)
    expectFailure(
      await loginWith(username, { code: totp(secret, Date.now() - 120_000) }),
      401,
      'Invalid two-factor code',
      invalid,
    )
    // A later step (the next one is within the allowed clock drift) is fresh: accepted once, then a replay.
    const code = freshCode(secret, enabledAt)
    const ok = expectSuccess(await loginWith(username, { code }))
    expect(ok.token).toBeTruthy()
    expect(ok.username).toBe(username)
    expectFailure(await loginWith(username, { code }), 401, 'Invalid two-factor code', invalid)
  })

  it('takes a recovery code once, whatever its case and spacing', async () => {
    const { username, recoveryCodes } = await userWithTwoFactor()
    expect(expectSuccess(await loginWith(username, { code: ` ${recoveryCodes[0].toUpperCase()} ` })).token).toBeTruthy()
    expectFailure(await loginWith(username, { code: recoveryCodes[0] }), 401, 'Invalid two-factor code', {
      Code: 'Invalid two-factor code',
    })
    expect(expectSuccess(await loginWith(username, { code: recoveryCodes[1].replace('-', '') })).token).toBeTruthy()
  })

  it('counts failed codes toward the login throttle', async () => {
    const { username, secret } = await userWithTwoFactor()
    for (let i = 0; i < 5; i++)
      expect((await loginWith(username, { code: i % 2 ? undefined : '000000' })).status).toBe(401)
    const throttled = await loginWith(username, { code: totp(secret, Date.now(), 1) })
    expect(throttled.status).toBe(429)
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('still answers a wrong password with the same 401 Error, before any code', async () => {
    const { username } = await userWithTwoFactor()
    const result = await api('POST', '/api/login', {
      json: { username, password: 'wrong-password', code: '123456' },
      headers: { 'X-Forwarded-For': clientAddress() },
    })
    expectFailure(result, 401, 'Invalid username or password', { Error: 'Invalid username or password' })
  })

  it('lets a user without two-factor log in as before, ignoring a code they send', async () => {
    const { username } = await userWithPermissions([])
    expect(expectSuccess(await loginWith(username, { code: 'whatever' })).token).toBeTruthy()
  })
})

describe('POST /api/admin/me/2fa/disable', () => {
  it('needs the password (422 Password), then logs in with the password alone', async () => {
    const { token, username } = await userWithTwoFactor()
    expectFailure(
      await api('POST', '/api/admin/me/2fa/disable', { token, json: { password: 'wrong-password' } }),
      422,
      'Validation Errors',
      { Password: 'Password is wrong' },
    )
    expectFailure(await api('POST', '/api/admin/me/2fa/disable', { token, json: {} }), 422, 'Validation Errors', {
      Password: 'Password is required',
    })
    expect(
      expectSuccess(await api('POST', '/api/admin/me/2fa/disable', { token, json: { password: 'password123' } })),
    ).toBeNull()
    expect(expectSuccess(await api('GET', '/api/admin/me', { token })).two_factor_enabled).toBe(false)
    expect(expectSuccess(await loginWith(username)).token).toBeTruthy()
  })
})
