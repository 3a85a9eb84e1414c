// The whole install of many villages (REGENCY_HOST, decision 055) in one archive, for `npm run backup` and
// `npm run restore` without --village: a plain tar holding
//   install.json            what it holds: the format, when, and each village (id, slug, name, status, its file)
//   villages.db             a snapshot of the registry (the villages, their domains)
//   regency.tar.gz          the regency's own site (its accounts, log, announcements, uploads)
//   villages/{slug}.tar.gz  each village, in the format of `npm run backup --village` and of the console's export
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
import { backupSite, restoreSite, storageUnder } from './backup-lib.mjs'

const FORMAT = 'balai-desa-install'

/** Where the regency's and each village's database and uploads live (app/models/villages.server.ts). */
function sitesOf({ dataDir, uploadsDir }) {
  const site = (databaseFile, prefix) => ({
    postgres: false,
    databaseUrl: '',
    databaseFile,
    storage: storageUnder(prefix, uploadsDir),
  })
  return {
    regency: site(path.join(dataDir, 'regency.db'), 'regency'),
    village: (id) => site(path.join(dataDir, 'villages', `${id}.db`), `villages/${id}`),
  }
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
  if (!fs.existsSync(install.registryFile)) throw new Error(`no villages yet (${install.registryFile} does not exist)`)
  const sites = sitesOf(install)
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-backup-install-'))
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
    const registry = path.join(work, 'villages.db')
    await snapshotSqlite(install.registryFile, registry)
    const villages = villagesIn(registry)
    await add('villages.db', registry)
    const hasRegency = fs.existsSync(sites.regency.databaseFile)
    if (hasRegency) {
      const file = path.join(work, 'regency.tar.gz')
      const counted = await backupSite(sites.regency, file)
      rows += counted.rows
      files += counted.files
      await add('regency.tar.gz', file)
      fs.rmSync(file)
    }
    for (const [index, village] of villages.entries()) {
      console.log(`village ${index + 1}/${villages.length}: ${village.slug}`)
      const file = path.join(work, `${village.slug}.tar.gz`)
      try {
        const counted = await backupSite(sites.village(village.id), file)
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
  const present = fs.existsSync(install.registryFile) ? villagesIn(install.registryFile) : []
  if (present.length && !force) {
    console.error(
      `[restore] ${install.registryFile} already holds ${present.length} village(s); ` +
        'restore only into an empty install (or pass --force to replace it)',
    )
    return 1
  }
  fs.mkdirSync(install.dataDir, { recursive: true })
  // Staged on the data disk, so the registry is put in place by a rename.
  const work = fs.mkdtempSync(path.join(install.dataDir, '.restoring-install-'))
  const sites = sitesOf(install)
  try {
    let manifest
    try {
      manifest = await extractInstall(file, work)
    } catch (error) {
      console.error(`[restore] ${messageOf(error)}`)
      return 1
    }
    if (manifest.regency) {
      if (!fs.existsSync(path.join(work, 'regency.tar.gz'))) {
        console.error('[restore] not a whole-install backup of Balai Desa: regency.tar.gz is missing')
        return 1
      }
      try {
        await restoreSite(path.join(work, 'regency.tar.gz'), sites.regency)
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
      const site = sites.village(village.id)
      try {
        if (!/^[a-z0-9]+$/.test(String(village.id)) || !fs.existsSync(archive))
          throw new Error('its archive is missing from the backup')
        await restoreSite(archive, site)
        restored.push(village.id)
      } catch (error) {
        failed.push(village.slug)
        console.error(`[restore] village ${village.slug} failed: ${messageOf(error)}`)
        if (/^[a-z0-9]+$/.test(String(village.id))) {
          for (const suffix of ['', '-wal', '-shm']) fs.rmSync(site.databaseFile + suffix, { force: true })
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
    for (const suffix of ['-wal', '-shm']) fs.rmSync(install.registryFile + suffix, { force: true })
    fs.renameSync(path.join(work, 'villages.db'), install.registryFile)
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
