import { log } from './error-log.server'

/**
 * The test-only hooks a test server may turn on (docs/decisions/026-test-clock.md, 056-test-password-cost.md,
 * 064-village-scope-fails-closed.md). Each needs its own variable and its name in BALAI_TEST_ONLY (a comma-separated
 * list) at once: one alone does nothing. None is documented for installs (.env.example, README), and a server with a
 * hook on says so loudly at start.
 */
export type TestHook = 'allow-moving-the-clock' | 'allow-cheap-passwords' | 'allow-crash-points'

export function testHookAllowed(hook: TestHook): boolean {
  return (process.env.BALAI_TEST_ONLY ?? '')
    .split(',')
    .map((name) => name.trim())
    .includes(hook)
}

/** The step a test server dies at (BALAI_TEST_CRASH_AT with allow-crash-points), or '' when none. */
export function crashStep(): string {
  const step = process.env.BALAI_TEST_CRASH_AT?.trim() ?? ''
  return step && testHookAllowed('allow-crash-points') ? step : ''
}

/** Says at start-up that this server will kill itself at a step (or that the variable is ignored). */
export function announceCrashPoint() {
  if (!process.env.BALAI_TEST_CRASH_AT) return
  if (crashStep())
    log.warn(
      { event: 'test-crash-point', step: crashStep() },
      `TEST CRASH POINT: this server kills itself (SIGKILL) at ${crashStep()}; never run a real site so`,
    )
  else log.warn({ event: 'test-crash-point' }, 'BALAI_TEST_CRASH_AT ignored: it is a test-only hook')
}

/**
 * A step of a village's creation, import or deletion (app/models/regency/regency.server.ts) a test may crash the server at:
 * the process sends itself SIGKILL there, as a power cut would stop it, with nothing flushed or cleaned up.
 */
export function crashPoint(step: string) {
  if (crashStep() === step) process.kill(process.pid, 'SIGKILL')
}
