import path from 'node:path'
import { PrismaBetterSQLite3 } from '@prisma/adapter-better-sqlite3'
import { defineConfig } from 'prisma/config'

// The JS schema engine talks to SQLite through the same driver adapter as the app, so the Prisma CLI
// needs no native engine download (this machine reaches only the npm and Debian registries).
const url = process.env.DATABASE_URL ?? 'file:./data/balai-desa.db'
process.env.DATABASE_URL = url

export default defineConfig({
  experimental: { adapter: true },
  schema: path.join('prisma', 'schema.prisma'),
  engine: 'js',
  async adapter() {
    return new PrismaBetterSQLite3({ url })
  },
})
