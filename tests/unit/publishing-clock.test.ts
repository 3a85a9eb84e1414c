import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { fromZonedTime, publishState, toZonedInput } from '~/lib/zoned-time'

// The test clock (app/utils/clock.server.ts, docs/decisions/026-test-clock.md) and the village-time helpers.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-unit-clock-'))
const file = path.join(dir, 'offset-ms')
fs.writeFileSync(file, String(3600_000))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
afterEach(() => {
  vi.unstubAllEnvs()
  vi.resetModules()
})

const freshClock = async () => (await import('~/utils/clock.server')).nowMs

describe('the test clock', () => {
  it('is the system clock without the variables', async () => {
    const nowMs = await freshClock()
    expect(Math.abs(nowMs() - Date.now())).toBeLessThan(1000)
  })

  it('ignores the offset file without the explicit test-only variable (or with a wrong value)', async () => {
    vi.stubEnv('BALAI_TEST_CLOCK_FILE', file)
    expect(Math.abs((await freshClock())() - Date.now())).toBeLessThan(1000)
    vi.resetModules()
    vi.stubEnv('BALAI_TEST_ONLY', 'yes')
    expect(Math.abs((await freshClock())() - Date.now())).toBeLessThan(1000)
  })

  it('moves by the offset in the file with both variables, read afresh on every call', async () => {
    vi.stubEnv('BALAI_TEST_CLOCK_FILE', file)
    vi.stubEnv('BALAI_TEST_ONLY', 'allow-moving-the-clock')
    const nowMs = await freshClock()
    expect(Math.abs(nowMs() - (Date.now() + 3600_000))).toBeLessThan(1000)
    fs.writeFileSync(file, String(2 * 3600_000))
    expect(Math.abs(nowMs() - (Date.now() + 2 * 3600_000))).toBeLessThan(1000)
    fs.writeFileSync(file, String(3600_000))
  })

  it('moves with the hook named in a list of test-only hooks', async () => {
    vi.stubEnv('BALAI_TEST_CLOCK_FILE', file)
    vi.stubEnv('BALAI_TEST_ONLY', 'allow-cheap-passwords,allow-moving-the-clock')
    expect(Math.abs((await freshClock())() - (Date.now() + 3600_000))).toBeLessThan(1000)
  })
})

describe('village time', () => {
  it('reads a wall-clock time in the zone and shows an instant back in it', () => {
    expect(fromZonedTime('2026-11-24T18:30', 'Asia/Jakarta')?.toISOString()).toBe('2026-11-24T11:30:00.000Z')
    expect(fromZonedTime('2026-11-24T18:30', 'Asia/Jayapura')?.toISOString()).toBe('2026-11-24T09:30:00.000Z')
    expect(toZonedInput('2026-11-24T11:30:00.000Z', 'Asia/Jakarta')).toBe('2026-11-24T18:30')
    expect(toZonedInput('2026-11-24T11:30:00.000Z', 'Asia/Makassar')).toBe('2026-11-24T19:30')
    expect(toZonedInput(null, 'Asia/Jakarta')).toBe('')
    // Across a daylight-saving change, both ways agree.
    expect(fromZonedTime('2026-03-29T03:30', 'Europe/Amsterdam')?.toISOString()).toBe('2026-03-29T01:30:00.000Z')
    expect(fromZonedTime('2026-02-30T10:00', 'Asia/Jakarta')).toBeNull()
    expect(fromZonedTime('besok', 'Asia/Jakarta')).toBeNull()
  })

  it('names the state of a row at a moment', () => {
    const at = Date.parse('2026-11-24T12:00:00Z')
    expect(publishState({ status: 'draft', published_at: '2026-01-01T00:00:00Z' }, at)).toBe('draft')
    expect(publishState({ status: 'published', published_at: null }, at)).toBe('draft')
    expect(publishState({ status: 'published', published_at: '2026-11-24T12:00:01Z' }, at)).toBe('scheduled')
    expect(publishState({ status: 'published', published_at: '2026-11-24T12:00:00Z' }, at)).toBe('published')
  })
})
