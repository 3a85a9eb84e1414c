// The whole install of many villages (REGENCY_HOST, decision 055) in one archive, for `npm run backup` and
// `npm run restore` without --village: a plain tar holding
//   install.json            what it holds: the format, when, and each village (id, slug, name, status, its file)
//   villages.db             a snapshot of the registry (the villages, their domains): a SQLite file, also when the
//                           install keeps its registry in the schema `registry` of a PostgreSQL database
//   regency.tar.gz          the regency's own site (its accounts, log, announcements, uploads)
//   villages/{slug}.tar.gz  each village, in the format of `npm run backup --village` and of the console's export
// Every site's archive holds a SQLite database, on PostgreSQL too (each schema's rows copied into a new file), so an
// install's backup restores into either kind of install.
// Each inner archive restores on its own (`npm run restore -- FILE --village SLUG`) or imports in the console. Long
// work shows its progress (`village 37/300: sukamaju`) and ends with a summary line; one village's failure is named
// and the others carry on. The exit code is 1 when any village failed.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import Database from 'better-sqlite3'
import tar from 'tar-stream'
import { snapshotSqlite } from '../core/backup-archive.mjs'
import { quoteSchema } from '../core/postgres-migrations.mjs'
import {
  backupSite,
  readRegistry,
  REGENCY,
  registryName,
  restoreSite,
  schemaHoldsSite,
  siteIn,
  withPostgres,
} from './backup-lib.mjs'

import {
  MIGRATION_LOCK,
  POSTGRES_REGISTRY,
  REGISTRY_CHANNEL,
  SQLITE_REGISTRY,
  upgradeSqliteRegistry,
} from '../core/registry.mjs'

const FORMAT = 'balai-desa-install'

/** The registry's snapshot for the archive: its SQLite file copied by the online backup API, or made from its rows. */
async function snapshotRegistry(install, target) {
  if (!install.postgres) {
    if (!fs.existsSync(install.registryFile))
      throw new Error(`no villages yet (${install.registryFile} does not exist)`)
    return snapshotSqlite(install.registryFile, target)
  }
  const registry = await readRegistry(install)
  if (!registry) throw new Error(`no villages yet (${registryName(install)} does not exist)`)
  const db = new Database(target)
  try {
    db.exec(SQLITE_REGISTRY)
    upgradeSqliteRegistry(db)
    db.transaction(() => {
      const village = db.prepare(
        'INSERT INTO "villages" ("id", "slug", "name", "status", "created_at", "kode_wilayah", "kecamatan") ' +
          'VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      for (const row of registry.villages)
        village.run(
          row.id,
          row.slug,
          row.name,
          row.status,
          row.created_at,
          row.kode_wilayah ?? null,
          row.kecamatan ?? '',
        )
      const domain = db.prepare('INSERT INTO "village_domains" ("host", "village_id") VALUES (?, ?)')
      for (const row of registry.domains) domain.run(row.host, row.village_id)
      db.prepare('UPDATE "registry_version" SET "value" = ? WHERE "id" = 1').run(registry.version)
    })()
  } finally {
    db.close()
  }
}

/** Whether the install has the regency's own database: its file, or its schema migrated. */
async function hasRegencyDatabase(install) {
  if (!install.postgres) return fs.existsSync(siteIn(install, REGENCY).databaseFile)
  return withPostgres(install.databaseUrl, (client) => schemaHoldsSite(client, REGENCY))
}

/** The registry's villages in a registry file, by slug. */
function villagesIn(registryFile) {
  const db = new Database(registryFile, { readonly: true, fileMustExist: true })
  try {
    return db.prepare('SELECT "id", "slug", "name", "status" FROM "villages" ORDER BY "slug"').all()
  } finally {
    db.close()
  }
}

const messageOf = (error) => (error instanceof Error ? error.message : String(error))

/** `npm run backup` with REGENCY_HOST and no --village: the whole install into `out`. Returns the exit code. */
export async function backupInstall(install, out) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-backup-install-'))
  // The registry first: an install without villages writes nothing.
  const registry = path.join(work, 'villages.db')
  try {
    await snapshotRegistry(install, registry)
  } catch (error) {
    fs.rmSync(work, { recursive: true, force: true })
    throw error
  }
  const partial = `${out}.partial`
  fs.mkdirSync(path.dirname(out), { recursive: true })
  const pack = tar.pack()
  const written = pipeline(pack, fs.createWriteStream(partial))
  const add = (name, file) =>
    pipeline(fs.createReadStream(file), pack.entry({ name, size: fs.statSync(file).size, mode: 0o644 }))
  const failed = []
  const kept = []
  let rows = 0
  let files = 0
  try {
    const villages = villagesIn(registry)
    await add('villages.db', registry)
    const hasRegency = await hasRegencyDatabase(install)
    if (hasRegency) {
      const file = path.join(work, 'regency.tar.gz')
      const counted = await backupSite(siteIn(install, REGENCY), file)
      rows += counted.rows
      files += counted.files
      await add('regency.tar.gz', file)
      fs.rmSync(file)
    }
    for (const [index, village] of villages.entries()) {
      console.log(`village ${index + 1}/${villages.length}: ${village.slug}`)
      const file = path.join(work, `${village.slug}.tar.gz`)
      try {
        const counted = await backupSite(siteIn(install, village.id), file)
        rows += counted.rows
        files += counted.files
        await add(`villages/${village.slug}.tar.gz`, file)
        kept.push({ ...village, file: `villages/${village.slug}.tar.gz` })
      } catch (error) {
        failed.push(village.slug)
        console.error(`[backup] village ${village.slug} failed: ${messageOf(error)}`)
      } finally {
        fs.rmSync(file, { force: true })
      }
    }
    const manifest = { format: FORMAT, version: 1, created_at: new Date().toISOString(), regency: hasRegency }
    const text = JSON.stringify({ ...manifest, villages: kept, failed }, null, 2)
    await new Promise((resolve, reject) =>
      pack.entry({ name: 'install.json', mode: 0o644 }, text, (error) => (error ? reject(error) : resolve())),
    )
    pack.finalize()
    await written
    fs.renameSync(partial, out)
    console.log(
      `[backup] ${out}: the regency and ${kept.length}/${villages.length} villages (${rows} rows, ${files} files)` +
        (failed.length ? `; failed: ${failed.join(', ')}` : ''),
    )
    return failed.length ? 1 : 0
  } catch (error) {
    pack.destroy()
    await written.catch(() => undefined)
    fs.rmSync(partial, { force: true })
    throw error
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
  }
}

/** The entries of a whole-install archive, each streamed to a file of `into`; throws when it is not one. */
async function extractInstall(file, into) {
  const head = Buffer.alloc(2)
  const handle = fs.openSync(file, 'r')
  try {
    fs.readSync(handle, head, 0, 2, 0)
  } finally {
    fs.closeSync(handle)
  }
  if (head[0] === 0x1f && head[1] === 0x8b)
    throw new Error(
      "this is one site's backup, not a whole install's: restore it with --village SLUG, or import it in the console",
    )
  const entries = new Set()
  const extract = tar.extract()
  extract.on('entry', (header, stream, next) => {
    const name = header.name
    const allowed = /^(?:install\.json|villages\.db|regency\.tar\.gz|villages\/[a-z0-9-]+\.tar\.gz)$/.test(name)
    if (header.type !== 'file' || !allowed) {
      stream.resume()
      extract.destroy(new Error(`not a whole-install backup of Balai Desa: unexpected entry ${name}`))
      return
    }
    const target = path.join(into, name)
    fs.mkdirSync(path.dirname(target), { recursive: true })
    entries.add(name)
    pipeline(stream, fs.createWriteStream(target)).then(() => next(), next)
  })
  try {
    await pipeline(fs.createReadStream(file), extract)
  } catch (error) {
    throw new Error(
      messageOf(error).startsWith('not a whole-install')
        ? messageOf(error)
        : `not a whole-install backup of Balai Desa (${messageOf(error)})`,
    )
  }
  if (!entries.has('install.json') || !entries.has('villages.db'))
    throw new Error('not a whole-install backup of Balai Desa: install.json or villages.db is missing')
  let manifest
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(into, 'install.json'), 'utf8'))
  } catch {
    throw new Error('not a whole-install backup of Balai Desa: install.json is not JSON')
  }
  if (manifest?.format !== FORMAT || !Array.isArray(manifest.villages))
    throw new Error('not a whole-install backup of Balai Desa: install.json is not one of ours')
  return manifest
}

/**
 * `npm run restore -- FILE` with REGENCY_HOST and no --village: a whole-install archive into an install that has no
 * village yet (or any, with `force`). Stop the server first. Returns the exit code.
 */
export async function restoreInstall(install, file, { force = false } = {}) {
  const present = (await readRegistry(install))?.villages ?? []
  if (present.length && !force) {
    console.error(
      `[restore] ${registryName(install)} already holds ${present.length} village(s); ` +
        'restore only into an empty install (or pass --force to replace it)',
    )
    return 1
  }
  // Staged on the data disk, so a SQLite registry is put in place by a rename (a PostgreSQL one takes its rows).
  if (!install.postgres) fs.mkdirSync(install.dataDir, { recursive: true })
  const work = fs.mkdtempSync(
    install.postgres
      ? path.join(os.tmpdir(), 'balai-restore-install-')
      : path.join(install.dataDir, '.restoring-install-'),
  )
  try {
    let manifest
    try {
      manifest = await extractInstall(file, work)
    } catch (error) {
      console.error(`[restore] ${messageOf(error)}`)
      return 1
    }
    // The install's databases are replaced whole, as a SQLite file is by a rename: --force was asked above.
    const replace = { replace: true }
    if (manifest.regency) {
      if (!fs.existsSync(path.join(work, 'regency.tar.gz'))) {
        console.error('[restore] not a whole-install backup of Balai Desa: regency.tar.gz is missing')
        return 1
      }
      try {
        await restoreSite(path.join(work, 'regency.tar.gz'), siteIn(install, REGENCY), replace)
      } catch (error) {
        console.error(`[restore] the regency: ${messageOf(error)}`)
        return 1
      }
    }
    const restored = []
    const failed = [...(manifest.failed ?? [])]
    for (const [index, village] of manifest.villages.entries()) {
      console.log(`village ${index + 1}/${manifest.villages.length}: ${village.slug}`)
      const archive = path.join(work, 'villages', `${village.slug}.tar.gz`)
      const ours = /^[a-z0-9]+$/.test(String(village.id))
      const site = ours ? siteIn(install, village.id) : undefined
      try {
        if (!site || !fs.existsSync(archive)) throw new Error('its archive is missing from the backup')
        await restoreSite(archive, site, replace)
        restored.push(village.id)
      } catch (error) {
        failed.push(village.slug)
        console.error(`[restore] village ${village.slug} failed: ${messageOf(error)}`)
        if (site) {
          await removeDatabase(site).catch(() => undefined)
          await site.storage.removeAll().catch(() => undefined)
        }
      }
    }
    // The registry names only the villages whose data came back: a failed one can be imported again later.
    const registry = new Database(path.join(work, 'villages.db'))
    try {
      registry.pragma('foreign_keys = ON')
      registry.transaction(() => {
        const keep = new Set(restored)
        for (const { id } of registry.prepare('SELECT "id" FROM "villages"').all()) {
          if (keep.has(id)) continue
          registry.prepare('DELETE FROM "village_domains" WHERE "village_id" = ?').run(id)
          registry.prepare('DELETE FROM "villages" WHERE "id" = ?').run(id)
        }
        registry.prepare('UPDATE "registry_version" SET "value" = "value" + 1 WHERE "id" = 1').run()
      })()
      registry.pragma('journal_mode = DELETE')
    } finally {
      registry.close()
    }
    try {
      await installRegistry(install, path.join(work, 'villages.db'))
    } catch (error) {
      console.error(`[restore] the registry: ${messageOf(error)}`)
      return 1
    }
    console.log(
      `[restore] the regency and ${restored.length}/${manifest.villages.length + (manifest.failed?.length ?? 0)} ` +
        `villages restored from ${file}` +
        (failed.length ? `; not restored: ${failed.join(', ')}` : ''),
    )
    return failed.length ? 1 : 0
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
  }
}

/** A village's database that failed to come back: its file (and WAL), or its schema and everything in it. */
async function removeDatabase(site) {
  if (!site.postgres) {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(site.databaseFile + suffix, { force: true })
    return
  }
  await withPostgres(site.databaseUrl, (client) =>
    client.query(`DROP SCHEMA IF EXISTS ${quoteSchema(site.schema)} CASCADE`),
  )
}

/**
 * Puts the restored registry (a SQLite file) in place: renamed over the install's file, or on PostgreSQL its rows in
 * place of the schema `registry`'s (made when missing), in one transaction with the bump and the notification every
 * running process reads the registry again by.
 */
async function installRegistry(install, staged) {
  if (!install.postgres) {
    for (const suffix of ['-wal', '-shm']) fs.rmSync(install.registryFile + suffix, { force: true })
    fs.renameSync(staged, install.registryFile)
    return
  }
  const db = new Database(staged, { readonly: true, fileMustExist: true })
  let villages
  let domains
  try {
    villages = db.prepare('SELECT * FROM "villages" ORDER BY "slug"').all()
    domains = db.prepare('SELECT "host", "village_id" FROM "village_domains" ORDER BY "host"').all()
  } finally {
    db.close()
  }
  await withPostgres(install.databaseUrl, async (client) => {
    await client.query('BEGIN')
    try {
      // Not while a start makes the same tables.
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
      await client.query(POSTGRES_REGISTRY)
      await client.query('SET LOCAL search_path TO "registry"')
      await client.query('DELETE FROM "village_domains"')
      await client.query('DELETE FROM "villages"')
      for (const row of villages)
        await client.query(
          'INSERT INTO "villages" ("id", "slug", "name", "status", "created_at", "kode_wilayah", "kecamatan") ' +
            'VALUES ($1, $2, $3, $4, $5, $6, $7)',
          [row.id, row.slug, row.name, row.status, row.created_at, row.kode_wilayah ?? null, row.kecamatan ?? ''],
        )
      for (const row of domains)
        await client.query('INSERT INTO "village_domains" ("host", "village_id") VALUES ($1, $2)', [
          row.host,
          row.village_id,
        ])
      await client.query('UPDATE "registry_version" SET "value" = "value" + 1 WHERE "id" = 1')
      await client.query(`NOTIFY "${REGISTRY_CHANNEL}"`)
      await client.query('COMMIT')
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined)
      throw error
    }
  })
}
