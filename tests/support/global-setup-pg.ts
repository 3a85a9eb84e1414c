import fs from 'node:fs'
import type { TestProject } from 'vitest/node'
import { startPostgres } from '../../scripts/pg-cluster.mjs'
import { migratePostgres } from '../../scripts/migrate.mjs'
import { makeSeededTemplate, PG_TEMPLATE, startServer } from './server'
import { reportServerErrors } from './server-errors'

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string
  }
}

/**
 * The `api-pg` project: a throw-away PostgreSQL cluster (scripts/pg-cluster.mjs installs Debian's postgresql when
 * it is missing and we are root), a migrated template database that every test server's database is copied from,
 * and one shared server on it, as tests/support/global-setup.ts does on SQLite.
 */
export default async function setup(project: TestProject) {
  const cluster = await startPostgres()
  try {
    process.env.BALAI_PG_ADMIN_URL = cluster.url()
    await cluster.createDatabase(PG_TEMPLATE)
    await migratePostgres(cluster.url(PG_TEMPLATE), { log: () => undefined })
    await makeSeededTemplate(true)
    const server = await startServer({ postgres: true })
    project.provide('pgAdminUrl', cluster.url())
    project.provide('baseUrl', server.url)
    project.provide('serverDir', server.dir)
    project.provide('serverPid', server.process.pid!)
    return async () => {
      await server.stop()
      reportServerErrors(server)
      if (!process.env.KEEP_TEST_DATA) fs.rmSync(server.dir, { recursive: true, force: true })
      await cluster.stop()
    }
  } catch (error) {
    await cluster.stop()
    throw error
  }
}
