import { defineConfig } from 'vitest/config'
import tsconfigPaths from 'vite-tsconfig-paths'

// Four projects: unit (pure code), api (HTTP against one shared built server on SQLite), api-pg (the same on
// PostgreSQL), e2e (Chromium against a server on SQLite).
// `npm test` (scripts/test.mjs) builds the site once before vitest starts.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    // Most API and browser tests wait on the server or Chromium, not on the CPU: run more files at once than
    // the two cores alone would suggest.
    maxWorkers: 4,
    minWorkers: 1,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['app/**/*.test.ts', 'tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The same API tests against PostgreSQL (a throw-away cluster); tests that are SQLite's by nature skip here.
        extends: true,
        test: {
          name: 'api-pg',
          include: ['tests/api/**/*.test.ts'],
          exclude: ['tests/api/bench-quick.test.ts'],
          globalSetup: ['tests/support/global-setup-pg.ts'],
          env: { BALAI_TEST_DB: 'postgresql' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
