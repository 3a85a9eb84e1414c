import { vitePlugin as remix } from '@remix-run/dev'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

export default defineConfig({
  server: { port: 3000 },
  build: {
    target: 'es2020',
    // Rollup splits the client code into one chunk per set of routes that share it: dozens of chunks of a few hundred
    // bytes each, every one a `modulepreload` link in the page and an entry in its route manifest. Chunks below 2 KB
    // that only define things are merged into a chunk loaded under like conditions (decision 087).
    rollupOptions: { output: { experimentalMinChunkSize: 2_000 } },
  },
  plugins: [
    remix({
      // BUILD_DIR lets several checkouts' test runs build side by side; the default is ./build.
      buildDirectory: process.env.BUILD_DIR ?? 'build',
      ignoredRouteFiles: ['**/*.test.*'],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    tsconfigPaths(),
  ],
})
