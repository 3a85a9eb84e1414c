/**
 * The test-only hooks a test server may turn on (docs/decisions/026-test-clock.md, 056-test-password-cost.md). Each
 * needs its own variable and its name in BALAI_TEST_ONLY (a comma-separated list) at once: one alone does nothing.
 * Neither is documented for installs (.env.example, README), and a server with a hook on says so loudly at start.
 */
export type TestHook = 'allow-moving-the-clock' | 'allow-cheap-passwords'

export function testHookAllowed(hook: TestHook): boolean {
  return (process.env.BALAI_TEST_ONLY ?? '')
    .split(',')
    .map((name) => name.trim())
    .includes(hook)
}
