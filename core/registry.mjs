/**
 * The registry of a regency install (many villages in one install, decision 055): its villages (a random id, slug,
 * name, status, Kemendagri code `kode_wilayah`, kecamatan) and their extra domains, with a version every change bumps
 * in its transaction, and `villages_content`, a number every write to any village's data bumps (decision 081: the
 * regency portal's answers are cached on it), and `village_summaries`: each village's own count of its writes (bumped
 * with `villages_content`) and its figures as last computed, stamped with that count (decision 082: the regency's
 * figures read them without opening the village while it has not written). The server
 * (app/models/regency/villages.server.ts) and the whole-install backup (scripts/backup-install.mjs) make its tables alike:
 * in DATA_DIR/villages.db on SQLite, in the schema `registry` of DATABASE_URL on PostgreSQL.
 */
const tables = (prefix, version) => `
CREATE TABLE IF NOT EXISTS ${prefix}"villages" (
  "id" TEXT PRIMARY KEY NOT NULL,
  "slug" TEXT NOT NULL UNIQUE,
  "name" TEXT NOT NULL,
  "status" TEXT NOT NULL DEFAULT 'active' CHECK ("status" IN ('active', 'suspended')),
  "created_at" TEXT NOT NULL,
  "kode_wilayah" TEXT,
  "kecamatan" TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS ${prefix}"village_domains" (
  "host" TEXT PRIMARY KEY NOT NULL,
  "village_id" TEXT NOT NULL REFERENCES ${prefix}"villages" ("id") ON DELETE CASCADE
);
CREATE TABLE IF NOT EXISTS ${prefix}"registry_version" ("id" INTEGER PRIMARY KEY CHECK ("id" = 1), "value" ${version} NOT NULL);
CREATE TABLE IF NOT EXISTS ${prefix}"villages_content" ("id" INTEGER PRIMARY KEY CHECK ("id" = 1), "value" ${version} NOT NULL);
CREATE TABLE IF NOT EXISTS ${prefix}"village_summaries" (
  "village_id" TEXT PRIMARY KEY NOT NULL,
  "writes" ${version} NOT NULL DEFAULT 0,
  "figures_stamp" ${version},
  "figures_until" ${version},
  "figures" TEXT
);
`

/** The registry's tables in a SQLite file. */
export const SQLITE_REGISTRY =
  `${tables('', 'INTEGER')}INSERT OR IGNORE INTO "registry_version" ("id", "value") VALUES (1, 0);\n` +
  'INSERT OR IGNORE INTO "villages_content" ("id", "value") VALUES (1, 0);\n'

/**
 * A registry made before the regency's data (issue 40) gains each village's `kode_wilayah` (unique, null until set)
 * and `kecamatan`: SQLite has no `ADD COLUMN IF NOT EXISTS`, so the columns are looked up first. Run after
 * SQLITE_REGISTRY on an open better-sqlite3 database.
 */
export function upgradeSqliteRegistry(db) {
  const columns = new Set(
    db
      .prepare('PRAGMA table_info("villages")')
      .all()
      .map((column) => column.name),
  )
  if (!columns.has('kode_wilayah')) db.exec('ALTER TABLE "villages" ADD COLUMN "kode_wilayah" TEXT')
  if (!columns.has('kecamatan')) db.exec('ALTER TABLE "villages" ADD COLUMN "kecamatan" TEXT NOT NULL DEFAULT \'\'')
  db.exec('CREATE UNIQUE INDEX IF NOT EXISTS "villages_kode_wilayah_key" ON "villages" ("kode_wilayah")')
}

/** The registry's tables in the schema `registry` of a PostgreSQL database. */
export const POSTGRES_REGISTRY =
  `CREATE SCHEMA IF NOT EXISTS "registry";${tables('"registry".', 'BIGINT')}` +
  'INSERT INTO "registry"."registry_version" ("id", "value") VALUES (1, 0) ON CONFLICT DO NOTHING;\n' +
  'INSERT INTO "registry"."villages_content" ("id", "value") VALUES (1, 0) ON CONFLICT DO NOTHING;\n' +
  // A registry made before the regency's data (issue 40): its villages gain the code and the kecamatan.
  'ALTER TABLE "registry"."villages" ADD COLUMN IF NOT EXISTS "kode_wilayah" TEXT;\n' +
  'ALTER TABLE "registry"."villages" ADD COLUMN IF NOT EXISTS "kecamatan" TEXT NOT NULL DEFAULT \'\';\n' +
  'CREATE UNIQUE INDEX IF NOT EXISTS "villages_kode_wilayah_key" ON "registry"."villages" ("kode_wilayah");\n'

/** The PostgreSQL channel every process listens on for the registry's changes (NOTIFY in the change's transaction). */
export const REGISTRY_CHANNEL = 'balai_registry'

/** The advisory lock every instance takes while it migrates a database or schema, or makes the registry's tables. */
export const MIGRATION_LOCK = 7_361_204
