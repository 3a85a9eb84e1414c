import { defineConfig } from 'vitest/config'
import tsconfigPaths from 'vite-tsconfig-paths'

// Five projects: unit (pure code), api (HTTP against one shared built server on SQLite), api-pg (the same on
// PostgreSQL), e2e (Chromium against a server on SQLite), e2e-pg (the browser walks that run on PostgreSQL too).
// `npm test` (scripts/test.mjs) builds the site once before vitest starts.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    // Most API and browser tests wait on the server, Chromium or a timer, not on the CPU: run more files at once
    // than the two cores alone would suggest. Six ran no faster (1,466 s against 1,506 s) and starved the servers
    // that tests start of their own (a start took over 60 s); 5 did so too before.
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
          hookTimeout: 120_000,
        },
      },
      {
        // The same API tests against PostgreSQL (a throw-away cluster); tests that are SQLite's by nature skip here.
        extends: true,
        test: {
          name: 'api-pg',
          include: ['tests/api/**/*.test.ts'],
          // What does not depend on the database runs once, on SQLite: the benchmark's quick mode, the transport
          // (CORS, security headers, typed input), the sanitiser, the upload and image pipeline and the object
          // storage (their database side, the upload markers and sweeps, is covered here by content-media,
          // content-images and documents), the password-reset links and their command, the route matching, the
          // contract document, the development server's error pages, and the crash and shutdown tests (on
          // PostgreSQL an acknowledged write is the database's to keep).
          exclude: [
            'tests/api/bench-quick.test.ts',
            'tests/api/cors.test.ts',
            'tests/api/security.test.ts',
            'tests/api/strict-input.test.ts',
            'tests/api/xss.test.ts',
            'tests/api/image-variants.test.ts',
            'tests/api/route-matching.test.ts',
            'tests/api/openapi.test.ts',
            'tests/api/dev-mode-errors.test.ts',
            'tests/api/uploads.test.ts',
            'tests/api/storage-s3.test.ts',
            'tests/api/password-reset.test.ts',
            'tests/api/durability.test.ts',
          ],
          globalSetup: ['tests/support/global-setup-pg.ts'],
          env: { BALAI_TEST_DB: 'postgresql' },
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The browser walks whose "Done when" names PostgreSQL too (letters, map, the public-information cycle,
        // the regency's data), against the PostgreSQL server of api-pg.
        extends: true,
        test: {
          name: 'e2e-pg',
          include: [
            'tests/e2e/letters.test.ts',
            'tests/e2e/village-map.test.ts',
            'tests/e2e/ppid-cycle.test.ts',
            'tests/e2e/regency-data.test.ts',
          ],
          globalSetup: ['tests/support/global-setup-pg.ts'],
          env: { BALAI_TEST_DB: 'postgresql' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
