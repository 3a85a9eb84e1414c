import { PrismaPg } from '@prisma/adapter-pg'
import { defineConfig } from 'prisma/config'

// The PostgreSQL twin of ../../prisma.config.ts: the same JS engine, through @prisma/adapter-pg. Used to generate
// the PostgreSQL client and to write PostgreSQL migrations offline (`prisma migrate diff`). Migrations are applied
// by scripts/migrate.mjs (see docs/decisions/009-postgresql-through-adapter-pg.md).
const url = process.env.DATABASE_URL?.startsWith('postgres')
  ? process.env.DATABASE_URL
  : 'postgresql://localhost/balai_desa'
// The schema's datasource reads DATABASE_URL and must see a PostgreSQL address, even where the app's is a file.
process.env.DATABASE_URL = url

export default defineConfig({
  experimental: { adapter: true },
  // Relative to this file's folder.
  schema: 'schema.prisma',
  engine: 'js',
  async adapter() {
    return new PrismaPg({ connectionString: url })
  },
})
