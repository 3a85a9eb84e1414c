import fs from 'node:fs'
import type { TestProject } from 'vitest/node'
import { ensureTemplateDb, makeSeededTemplate, resetTemplateDb, startServer } from './server'
import { reportServerErrors } from './server-errors'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    serverDir: string
    /** The shared server's process (WEB_CONCURRENCY=1: the one that answers requests). */
    serverPid: number
  }
}

/**
 * One built server with the demo village, shared by every API or browser test file of this project.
 * Tests that need a server of their own (crash, restart, seed) call startServer themselves.
 */
export default async function setup(project: TestProject) {
  // Once per run for both projects that share this setup (vitest runs the setups one after the other in its main
  // process): the migrated template, and the demo village seeded on it (tests/support/server.ts).
  if (!process.env.BALAI_SQLITE_TEMPLATES) {
    resetTemplateDb()
    await ensureTemplateDb()
    await makeSeededTemplate(false)
    process.env.BALAI_SQLITE_TEMPLATES = 'ready'
  }
  // SQLite, whatever the api-pg project's setup (same process) has set in the environment.
  const server = await startServer({ postgres: false })
  project.provide('baseUrl', server.url)
  project.provide('serverDir', server.dir)
  project.provide('serverPid', server.process.pid!)
  return async () => {
    await server.stop()
    reportServerErrors(server)
    if (!process.env.KEEP_TEST_DATA) fs.rmSync(server.dir, { recursive: true, force: true })
  }
}
