import fs from 'node:fs'
import { log } from './error-log.server'
import { testHookAllowed } from './test-hooks.server'

/**
 * The server's "now" for what the public may see (app/models/content/publishing.server.ts). It is the system clock, except
 * in a test server that sets both BALAI_TEST_CLOCK_FILE (a file holding an offset in milliseconds, rewritten by the
 * test) and BALAI_TEST_ONLY naming allow-moving-the-clock: a test then moves time forward to see a scheduled item
 * appear without a write, instead of waiting. Neither variable is documented for installs (.env.example, README);
 * the hook needs both at once, and says so loudly at start-up (docs/decisions/026-test-clock.md).
 */
function offsetFile(): string | null {
  const file = process.env.BALAI_TEST_CLOCK_FILE
  if (!file) return null
  if (!testHookAllowed('allow-moving-the-clock')) {
    log.warn(
      { event: 'test-clock' },
      'BALAI_TEST_CLOCK_FILE ignored: it is a test-only hook (see docs/decisions/026-test-clock.md)',
    )
    return null
  }
  log.warn(
    { event: 'test-clock', file },
    `TEST CLOCK: this server's time for publishing is moved by the offset in ${file}; never run a real site so`,
  )
  return file
}

let file: string | null | undefined

/** The offset the test file holds now (0 when it is missing or unreadable). */
function readOffset(path: string): number {
  try {
    const value = Number(fs.readFileSync(path, 'utf8').trim())
    return Number.isFinite(value) ? value : 0
  } catch {
    return 0
  }
}

/** Milliseconds since the epoch, as the publishing rule sees them. */
export function nowMs(): number {
  if (file === undefined) file = offsetFile()
  return file ? Date.now() + readOffset(file) : Date.now()
}

export const now = () => new Date(nowMs())

/**
 * Reads the test-only variables once at start-up, so that a server running with the hook says so in its first lines.
 */
export const announceClock = () => void nowMs()
