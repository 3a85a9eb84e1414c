import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { applyMigrations } from '../support/migrations'

// The data version is read once per event-loop turn (app/utils/data-version.server.ts): a write of another process
// shows from the next turn on, a write of this one at once.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-unit-version-'))
const dbFile = path.join(root, 'unit.db')
process.env.DATABASE_URL = `file:${dbFile}`
process.env.UPLOADS_DIR = path.join(root, 'uploads')
const other = new Database(dbFile)
applyMigrations(other)
const bump = () => other.prepare('UPDATE "data_version" SET "value" = "value" + 1 WHERE "id" = 1').run()
const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

afterAll(async () => {
  const version = await import('~/utils/data-version.server')
  await version.closeDataVersion()
  other.close()
  fs.rmSync(root, { recursive: true, force: true })
})

describe('dataVersion', () => {
  it('answers one reading per turn, a new one on the next turn and at once after a write of this process', async () => {
    const { afterWrite, dataVersion } = await import('~/utils/data-version.server')
    await nextTurn()
    const first = dataVersion()
    bump()
    // Another process's write, in the same turn: the turn's reading stands.
    expect(dataVersion()).toBe(first)
    await nextTurn()
    const second = dataVersion()
    expect(second).toBeGreaterThan(first)
    // This process's own write: seen before the write is answered, without waiting for the turn to end.
    bump()
    await afterWrite()
    expect(dataVersion()).toBeGreaterThan(second)
  })
})
