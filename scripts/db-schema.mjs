// The PostgreSQL schema is derived from the SQLite one (prisma/schema.prisma), never edited by hand:
// `node scripts/db-schema.mjs` writes prisma/postgresql/schema.prisma (npm run db:generate and postinstall
// run it before generating both clients). Only the provider and the client's output folder differ.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const SQLITE_SCHEMA = path.join(root, 'prisma', 'schema.prisma')
export const POSTGRES_DIR = path.join(root, 'prisma', 'postgresql')
export const POSTGRES_SCHEMA = path.join(POSTGRES_DIR, 'schema.prisma')
export const SQLITE_MIGRATIONS = path.join(root, 'prisma', 'migrations')
export const POSTGRES_MIGRATIONS = path.join(POSTGRES_DIR, 'migrations')

const HEADER = '// GENERATED from prisma/schema.prisma by scripts/db-schema.mjs: edit that file, never this one.\n'

/** The PostgreSQL twin of a SQLite schema text. Throws when the text does not have the expected shape. */
export function derivePostgresSchema(sqlite) {
  let providers = 0
  let outputs = 0
  const text = sqlite
    .replace(/(datasource\s+db\s*\{[^}]*?provider\s*=\s*)"sqlite"/, (_, head) => (providers++, `${head}"postgresql"`))
    .replace(
      /(generator\s+client\s*\{[^}]*?output\s*=\s*)"\.\.\/app\/generated\/prisma"/,
      (_, head) => (outputs++, `${head}"../../app/generated/prisma-pg"`),
    )
  if (providers !== 1 || outputs !== 1)
    throw new Error(
      'prisma/schema.prisma: expected one sqlite datasource and the client output ../app/generated/prisma',
    )
  return HEADER + text
}

export function writePostgresSchema() {
  fs.mkdirSync(POSTGRES_DIR, { recursive: true })
  const text = derivePostgresSchema(fs.readFileSync(SQLITE_SCHEMA, 'utf8'))
  if (fs.readFileSync(POSTGRES_SCHEMA, { encoding: 'utf8', flag: 'a+' }) !== text)
    fs.writeFileSync(POSTGRES_SCHEMA, text)
  return POSTGRES_SCHEMA
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) writePostgresSchema()
