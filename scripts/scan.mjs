// `npm run scan`: what is already stored that should not be. Prints each record whose public text the online-gambling
// spam guard would refuse today (core/spam-guard.js: resource, id, field, phrase) and each file in the uploads that
// is not an image we stored: a name the site never gives (a .php, an .html, a file outside the kind folders), content
// that is not the image type its name says (a "png" that is no PNG), or a picture no record uses. Reads the database of
// DATABASE_URL (SQLite or PostgreSQL) and the storage of STORAGE / UPLOADS_DIR / S3_* (and .env) like the server, and
// changes nothing: remove or edit what it names through the admin screens (a stray file by hand). Exit code 1 when it
// found something, 0 when all is clean, 2 when it could not look. With REGENCY_HOST it looks at every village (or the
// one `--village SLUG` names).
import fs from 'node:fs'
import path from 'node:path'
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3'
import Database from 'better-sqlite3'
import pg from 'pg'
import { COPY_NAME, STORED_NAME } from '../core/image-variants.js'
import { gamblingSpamIn } from '../core/spam-guard.js'
import { extensionSchema, searchPath } from '../core/postgres-migrations.mjs'
import { locations, registryVillages, siteIn, UPLOAD_KINDS, villageArgument } from './backup-lib.mjs'

/** The tables the public site shows, by resource name; every text column is judged but these bookkeeping ones. */
const PUBLIC_TABLES = {
  posts: 'posts',
  pages: 'pages',
  products: 'products',
  categories: 'categories',
  photos: 'photos',
  sliders: 'sliders',
  aparaturs: 'aparaturs',
  settings: 'site_settings',
  // Village information (issue 24).
  events: 'events',
  announcements: 'announcements',
  statistics: 'statistics',
  budgets: 'budgets',
  budget_items: 'budget_items',
  developments: 'developments',
  development_photos: 'development_photos',
  // The village map's features (issue 39): their names, descriptions and photos.
  map_features: 'map_features',
}
const NOT_TEXT = new Set([
  'slug',
  'image',
  'logo',
  'status',
  'published_at',
  'created_at',
  'updated_at',
  'starts_at',
  'ends_at',
  'ended_at',
  // A budget line's type and a project's dates are words of the code, never the public's.
  'type',
  'start_date',
  'end_date',
  // A map feature's GeoJSON geometry: numbers, never words.
  'geometry',
])
/** The column holding each kind's picture (core/upload-kinds.js). */
const IMAGE_COLUMN = {
  posts: 'image',
  products: 'image',
  photos: 'image',
  sliders: 'image',
  aparaturs: 'image',
  events: 'image',
  settings: 'logo',
  developments: 'image',
  development_photos: 'image',
  map_features: 'image',
}
/** The upload kind of a table's pictures where it is not the table's own name. */
const IMAGE_KIND = { development_photos: 'developments', map_features: 'maps' }
/** An upload named inside text (an image in rich text): `/uploads/{kind}/{name}`. */
const UPLOAD_PATH = new RegExp(`/uploads/(${UPLOAD_KINDS.join('|')})/([A-Za-z0-9._-]+)`, 'g')
const BATCH = 500

/**
 * Reads `SELECT`s with `?` placeholders from SQLite (read-only) or PostgreSQL: its `public` schema, or with REGENCY_HOST
 * the village's schema (decision 055).
 */
async function openDatabase({ postgres, databaseUrl, databaseFile, schema }) {
  if (postgres) {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      if (schema) await client.query(`SET search_path TO ${searchPath(schema, await extensionSchema(client))}`)
    } catch (error) {
      await client.end().catch(() => undefined)
      throw error
    }
    const numbered = (sql) => {
      let at = 0
      return sql.replace(/\?/g, () => `$${++at}`)
    }
    return {
      all: async (sql, params = []) => (await client.query(numbered(sql), params)).rows,
      close: () => client.end(),
    }
  }
  const db = new Database(databaseFile, { readonly: true, fileMustExist: true })
  db.pragma('busy_timeout = 10000')
  return { all: async (sql, params = []) => db.prepare(sql).all(...params), close: async () => db.close() }
}

/** The first bytes of each image type (the same judgement as sniffImage in app/utils/upload-pipeline.server.ts). */
const MAGIC = {
  jpg: (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff,
  png: (head) => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  gif: (head) => /^GIF8[79]a$/.test(head.toString('latin1', 0, 6)),
  webp: (head) => head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP',
}
const TYPE_NAMES = { jpg: 'JPEG', png: 'PNG', gif: 'GIF', webp: 'WebP' }

/**
 * Every file of the storage as [path inside it, first 16 bytes reader]: the local folder walked whole, or the bucket
 * listed whole.
 */
async function storedFiles(storage) {
  if (storage.config.kind === 'local') {
    const root = storage.config.root
    const walk = (dir) =>
      fs.existsSync(dir)
        ? fs
            .readdirSync(dir, { withFileTypes: true })
            // The staging folder of uploads not yet stored (app/utils/upload-pipeline.server.ts) is the server's own.
            .filter((entry) => !(dir === root && entry.name === '.tmp'))
            .flatMap((entry) =>
              entry.isDirectory()
                ? walk(path.join(dir, entry.name))
                : entry.isFile()
                  ? [path.join(dir, entry.name)]
                  : [],
            )
        : []
    return walk(root).map((file) => ({
      key: path.relative(root, file).split(path.sep).join('/'),
      head: async () => {
        const handle = await fs.promises.open(file)
        try {
          const { buffer, bytesRead } = await handle.read(Buffer.alloc(16), 0, 16, 0)
          return buffer.subarray(0, bytesRead)
        } finally {
          await handle.close()
        }
      },
    }))
  }
  // With REGENCY_HOST, a village's own keys (its prefix, `villages/{id}/`), named as inside its storage.
  const Bucket = storage.config.bucket
  const Prefix = storage.config.prefix ?? ''
  const keys = []
  let ContinuationToken
  do {
    const page = await storage.client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }))
    keys.push(...(page.Contents ?? []).map((object) => object.Key.slice(Prefix.length)))
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (ContinuationToken)
  return keys.sort().map((key) => ({
    key,
    head: async () => {
      const object = await storage.client.send(
        new GetObjectCommand({ Bucket, Key: `${Prefix}${key}`, Range: 'bytes=0-15' }),
      )
      return Buffer.from(await object.Body.transformToByteArray())
    },
  }))
}

/** The random part of a stored name or of one of its copies, or null for a name the site never gives. */
function stemOf(name) {
  const stored = STORED_NAME.exec(name)
  if (stored) return { stem: stored[1], extension: stored[4] }
  const copy = COPY_NAME.exec(name)
  return copy ? { stem: copy[1].slice(0, 32), extension: 'webp' } : null
}

async function scan(log, where) {
  const ownHosts = process.env.SITE_URL ? [new URL(process.env.SITE_URL).hostname] : []
  const db = await openDatabase(where)
  /** Per kind: the stems of the pictures records use, in their image column or inside their text. */
  const used = Object.fromEntries(UPLOAD_KINDS.map((kind) => [kind, new Set()]))
  const use = (kind, name) => {
    const stem = typeof name === 'string' && stemOf(name)?.stem
    if (stem && used[kind]) used[kind].add(stem)
  }
  let records = 0
  let spam = 0
  try {
    for (const [resource, table] of Object.entries(PUBLIC_TABLES)) {
      // In batches by id, so a large village never sits in memory at once.
      for (let after = 0; ;) {
        const rows = await db.all(`SELECT * FROM "${table}" WHERE "id" > ? ORDER BY "id" LIMIT ${BATCH}`, [after])
        for (const row of rows) {
          records++
          if (IMAGE_COLUMN[resource]) use(IMAGE_KIND[resource] ?? resource, row[IMAGE_COLUMN[resource]])
          for (const [column, value] of Object.entries(row)) {
            if (typeof value !== 'string') continue
            for (const [, kind, name] of value.matchAll(UPLOAD_PATH)) use(kind, name)
            const phrase = NOT_TEXT.has(column) ? null : gamblingSpamIn(value, { ownHosts })
            if (phrase) {
              spam++
              log(`[scan] ${resource} ${row.id} ${column}: "${phrase}"`)
            }
          }
        }
        if (rows.length < BATCH) break
        after = rows[rows.length - 1].id
      }
    }
    // A picture whose record is being saved right now is marked until it is committed.
    for (const row of await db.all('SELECT "kind", "name" FROM "pending_uploads"')) use(row.kind, row.name)
    // An editor image uploaded but not saved yet, or dropped by an edit, waits 24 hours for its sweep (decision 027).
    for (const row of await db.all('SELECT "name" FROM "content_uploads"')) use('content', row.name)
  } finally {
    await db.close()
  }

  let files = 0
  let strays = 0
  const stray = (key, why) => {
    strays++
    log(`[scan] uploads ${key}: ${why}`)
  }
  for (const file of await storedFiles(where.storage)) {
    // A half-copied file (`.partial`, never served) belongs to an upload in progress or to the sweep.
    if (file.key.endsWith('.partial')) continue
    // The private area (documents' PDFs, report photos) is never served by /uploads: nothing stray there reaches
    // anyone.
    if (file.key.startsWith('private/')) continue
    files++
    const [kind, name, ...deeper] = file.key.split('/')
    if (!UPLOAD_KINDS.includes(kind) || !name || deeper.length) {
      stray(file.key, 'not in a folder of uploads')
      continue
    }
    const stored = stemOf(name)
    if (!stored) {
      stray(file.key, 'not a name the site gives an upload')
      continue
    }
    if (!MAGIC[stored.extension](await file.head()))
      stray(file.key, `its content is not the ${TYPE_NAMES[stored.extension]} image its name says`)
    else if (!used[kind].has(stored.stem)) stray(file.key, 'no record uses it')
  }
  return { records, spam, files, strays }
}

/**
 * With REGENCY_HOST (decision 055): every village in turn (or the one --village names), each line prefixed with its
 * slug, progress as `village 37/300: sukamaju`; a village that cannot be read is named and the rest carry on.
 */
async function scanEveryVillage() {
  const only = villageArgument()
  const { install } = await locations()
  const villages = (await registryVillages(install)).filter((village) => only === undefined || village.slug === only)
  if (only !== undefined && !villages.length) throw new Error(`no village ${only}`)
  const total = { records: 0, spam: 0, files: 0, strays: 0 }
  let unreadable = 0
  for (const [at, village] of villages.entries()) {
    console.log(`[scan] village ${at + 1}/${villages.length}: ${village.slug}`)
    try {
      const found = await scan(
        (line) => console.log(line.replace('[scan]', `[scan] ${village.slug}:`)),
        siteIn(install, village.id),
      )
      for (const key of Object.keys(total)) total[key] += found[key]
    } catch (error) {
      unreadable++
      console.error(`[scan] ${village.slug}: could not look: ${error.message}`)
    }
  }
  if (unreadable) console.error(`[scan] ${unreadable} of ${villages.length} village(s) could not be read`)
  return { ...total, unreadable, villages: villages.length }
}

try {
  if (fs.existsSync('.env')) process.loadEnvFile('.env')
  const regency = Boolean(process.env.REGENCY_HOST?.trim())
  const {
    records,
    spam,
    files,
    strays,
    unreadable = 0,
    villages,
  } = regency ? await scanEveryVillage() : await scan(console.log, await locations())
  const found = spam + strays
  const where = villages === undefined ? '' : ` in ${villages} village${villages === 1 ? '' : 's'}`
  console.log(
    found
      ? `[scan] found ${spam} record field${spam === 1 ? '' : 's'} the spam guard refuses and ` +
          `${strays} file${strays === 1 ? '' : 's'} that ${strays === 1 ? 'is' : 'are'} not an image we stored ` +
          `(${records} records, ${files} files looked at${where})`
      : `[scan] clean: ${records} records, ${files} files looked at${where}`,
  )
  process.exitCode = unreadable ? 2 : found ? 1 : 0
} catch (error) {
  console.error(`[scan] could not look: ${error.message}`)
  process.exitCode = 2
}
