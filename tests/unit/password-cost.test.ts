import bcrypt from 'bcryptjs'
import { afterEach, describe, expect, it, vi } from 'vitest'

// The test-only password cost (app/utils/password.server.ts, docs/decisions/056-test-password-cost.md).

afterEach(() => {
  vi.unstubAllEnvs()
  vi.resetModules()
})

const fresh = () => import('~/utils/password.server')

describe('the bcrypt cost of new passwords', () => {
  it('is 10 without the variables', async () => {
    vi.stubEnv('BALAI_TEST_PASSWORD_COST', '')
    vi.stubEnv('BALAI_TEST_ONLY', '')
    const { hashPassword, passwordCost, verifyPassword } = await fresh()
    expect(passwordCost()).toBe(10)
    const hash = await hashPassword('kata-sandi-kuat')
    expect(bcrypt.getRounds(hash)).toBe(10)
    expect(await verifyPassword('kata-sandi-kuat', hash)).toBe(true)
  })

  it('stays 10 with only one of the two variables, or a cost outside 4 to 9', async () => {
    vi.stubEnv('BALAI_TEST_PASSWORD_COST', '4')
    vi.stubEnv('BALAI_TEST_ONLY', '')
    expect((await fresh()).passwordCost()).toBe(10)
    vi.resetModules()
    vi.stubEnv('BALAI_TEST_ONLY', 'allow-moving-the-clock')
    expect((await fresh()).passwordCost()).toBe(10)
    for (const cost of ['3', '10', '12', 'murah', '4.5']) {
      vi.resetModules()
      vi.stubEnv('BALAI_TEST_ONLY', 'allow-cheap-passwords')
      vi.stubEnv('BALAI_TEST_PASSWORD_COST', cost)
      expect((await fresh()).passwordCost(), cost).toBe(10)
    }
    vi.resetModules()
    vi.stubEnv('BALAI_TEST_PASSWORD_COST', '')
    expect((await fresh()).passwordCost()).toBe(10)
  })

  it('is the test cost with both, in a list of hooks; hashes made at 10 still check', async () => {
    vi.stubEnv('BALAI_TEST_PASSWORD_COST', '4')
    vi.stubEnv('BALAI_TEST_ONLY', 'allow-moving-the-clock, allow-cheap-passwords')
    const { hashPassword, passwordCost, verifyPassword } = await fresh()
    expect(passwordCost()).toBe(4)
    expect(bcrypt.getRounds(await hashPassword('kata-sandi-kuat'))).toBe(4)
    const strong = await bcrypt.hash('kata-sandi-kuat', 10)
    expect(await verifyPassword('kata-sandi-kuat', strong)).toBe(true)
    expect(await verifyPassword('salah', strong)).toBe(false)
  })
})
