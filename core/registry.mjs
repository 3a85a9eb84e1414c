/**
 * The registry of a regency install (many villages in one install, decision 055): its villages (a random id, slug,
 * name, status) and their extra domains, with a version every change bumps in its transaction. The server
 * (app/models/villages.server.ts) and the whole-install backup (scripts/backup-install.mjs) make its tables alike:
 * in DATA_DIR/villages.db on SQLite, in the schema `registry` of DATABASE_URL on PostgreSQL.
 */
const tables = (prefix, version) => `
CREATE TABLE IF NOT EXISTS ${prefix}"villages" (
  "id" TEXT PRIMARY KEY NOT NULL,
  "slug" TEXT NOT NULL UNIQUE,
  "name" TEXT NOT NULL,
  "status" TEXT NOT NULL DEFAULT 'active' CHECK ("status" IN ('active', 'suspended')),
  "created_at" TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS ${prefix}"village_domains" (
  "host" TEXT PRIMARY KEY NOT NULL,
  "village_id" TEXT NOT NULL REFERENCES ${prefix}"villages" ("id") ON DELETE CASCADE
);
CREATE TABLE IF NOT EXISTS ${prefix}"registry_version" ("id" INTEGER PRIMARY KEY CHECK ("id" = 1), "value" ${version} NOT NULL);
`

/** The registry's tables in a SQLite file. */
export const SQLITE_REGISTRY = `${tables('', 'INTEGER')}INSERT OR IGNORE INTO "registry_version" ("id", "value") VALUES (1, 0);\n`

/** The registry's tables in the schema `registry` of a PostgreSQL database. */
export const POSTGRES_REGISTRY =
  `CREATE SCHEMA IF NOT EXISTS "registry";${tables('"registry".', 'BIGINT')}` +
  'INSERT INTO "registry"."registry_version" ("id", "value") VALUES (1, 0) ON CONFLICT DO NOTHING;\n'

/** The PostgreSQL channel every process listens on for the registry's changes (NOTIFY in the change's transaction). */
export const REGISTRY_CHANNEL = 'balai_registry'

/** The advisory lock every instance takes while it migrates a database or schema, or makes the registry's tables. */
export const MIGRATION_LOCK = 7_361_204
