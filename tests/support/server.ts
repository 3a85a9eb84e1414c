import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'

export const ROOT = path.resolve(__dirname, '../..')
export const BUILD_DIR = path.resolve(ROOT, process.env.BUILD_DIR ?? 'build')
// One template per checkout and build folder, so parallel runs never share it.
const TEMPLATE_DIR = path.join(
  os.tmpdir(),
  `balai-desa-template-${crypto.createHash('sha1').update(BUILD_DIR).digest('hex').slice(0, 10)}`,
)
export const TEMPLATE_DB = path.join(TEMPLATE_DIR, 'template.db')

/** The test-only hooks every test server has on (app/utils/test-hooks.server.ts). */
const TEST_HOOKS = 'allow-cheap-passwords'

/**
 * The database the tests of this project run on: `api` and `e2e` on SQLite, `api-pg` on PostgreSQL (vitest.config.ts
 * sets BALAI_TEST_DB there; tests/support/global-setup-pg.ts starts the cluster and migrates the template database).
 */
export const onPostgres = () => process.env.BALAI_TEST_DB === 'postgresql'
/** The migrated, empty PostgreSQL database every test server's database is copied from. */
export const PG_TEMPLATE = 'balai_template'
/** The cluster's superuser address (set in the global setup's process, provided to the test files). */
export const pgAdminUrl = async (): Promise<string> =>
  // vitest may not be imported in a global setup, so only here, in a test file's process.
  process.env.BALAI_PG_ADMIN_URL || (await import('vitest')).inject('pgAdminUrl' as never)
const pgDatabaseUrl = async (name: string) => {
  const url = new URL(await pgAdminUrl())
  url.pathname = `/${name}`
  return url.toString()
}

async function pgAdmin(sql: string) {
  const client = new pg.Client({ connectionString: await pgAdminUrl() })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

export type TestServer = {
  url: string
  port: number
  dir: string
  /** The SQLite file ('' on PostgreSQL). */
  dbFile: string
  /** DATABASE_URL of the server. */
  databaseUrl: string
  /** What the start-up line names as the database. */
  databaseLabel: string
  uploadsDir: string
  process: ChildProcess
  output: () => string
  /** The server's log so far, one parsed JSON line per event (core/log.mjs); lines that are not JSON are left out. */
  logs: () => LogLine[]
  stop(signal?: NodeJS.Signals): Promise<void>
}

/** One line of the server's log: level, time, pid, the event's name and fields, and a message. */
export type LogLine = { level: string; t: string; pid: number; event?: string; msg?: string; [field: string]: unknown }

export function parseLogs(output: string): LogLine[] {
  return output.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) return []
    try {
      return [JSON.parse(line) as LogLine]
    } catch {
      return []
    }
  })
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

/** A migrated, empty database built once per test run and copied for every server. */
export async function ensureTemplateDb() {
  if (fs.existsSync(TEMPLATE_DB)) return TEMPLATE_DB
  fs.mkdirSync(TEMPLATE_DIR, { recursive: true })
  const { migrate } = await import(path.join(ROOT, 'scripts/migrate.mjs'))
  await migrate({ ...process.env, DATABASE_URL: `file:${TEMPLATE_DB}` })
  return TEMPLATE_DB
}

/** Forgets the SQLite templates (the PostgreSQL one is made again by its own setup). */
export function resetTemplateDb() {
  fs.rmSync(TEMPLATE_DB, { force: true })
  fs.rmSync(seededDir(false), { recursive: true, force: true })
}

/**
 * A server's folder (database and uploads) just after the first start of a demo village, made once per test run by
 * the global setups (makeSeededTemplate) and copied for every server that would seed the same village: drawing and
 * encoding the demo pictures is most of a start (about 5 s and 9 CPU seconds), and the run starts servers by the
 * dozen. On PostgreSQL the folder keeps the uploads, and the copies of the database are made from SEEDED_PG_DATABASE.
 */
const seededDir = (postgres: boolean) => path.join(TEMPLATE_DIR, postgres ? 'seeded-postgresql' : 'seeded-sqlite')
const SEEDED_PG_DATABASE = 'balai_seeded'

/**
 * Starts a server on a new folder of the template, lets it seed the demo village, and stops it. Called by the global
 * setups only (vitest's main process), after the migrated template exists.
 */
export async function makeSeededTemplate(postgres: boolean) {
  const dir = seededDir(postgres)
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(dir, { recursive: true })
  if (postgres) {
    await pgAdmin(`DROP DATABASE IF EXISTS "${SEEDED_PG_DATABASE}"`)
    await pgAdmin(`CREATE DATABASE "${SEEDED_PG_DATABASE}" TEMPLATE "${PG_TEMPLATE}"`)
    fs.writeFileSync(path.join(dir, 'database-url'), await pgDatabaseUrl(SEEDED_PG_DATABASE))
  }
  const server = await startServer({ postgres, dir })
  await server.stop()
  if (!postgres) {
    // Everything in the one file, so that copying it copies the whole database.
    const db = new Database(server.dbFile)
    db.pragma('wal_checkpoint(TRUNCATE)')
    db.close()
  }
  fs.writeFileSync(path.join(dir, 'ready'), '')
}

/** Whether a server with this environment would seed exactly the village makeSeededTemplate seeded. */
function seedsTheTemplateVillage(options: ServerOptions, env: Record<string, string | undefined>) {
  const given = options.env ?? {}
  return (
    !options.dir &&
    options.fresh !== false &&
    env.SEED_DEMO !== 'false' &&
    !['SITE_NAME', 'SEED_ADMIN_PASSWORD', 'SEED_USER_PASSWORD', 'TZ', 'DATABASE_URL', 'UPLOADS_DIR'].some(
      (name) => name in given,
    ) &&
    !Object.keys(given).some((name) => /^(S3_|STORAGE)/.test(name))
  )
}

export type ServerOptions = {
  /** Overrides of the defaults below; `undefined` leaves a variable unset (the server's own default applies). */
  env?: Record<string, string | undefined>
  /** Arguments of `server.mjs` (`--dev`: the mode of `npm run dev`). */
  args?: string[]
  /** Reuse this folder (database and uploads) instead of a new one, e.g. to restart after a crash. */
  dir?: string
  /** Copy the template database into a new folder (default true). */
  fresh?: boolean
  /**
   * Which database (default: this project's, see onPostgres). The global setups name it: they all run in
   * vitest's one main process, where another project's setting must not leak in.
   */
  postgres?: boolean
}

/**
 * Starts the production build (`server.mjs`) on a free port with its own SQLite file and uploads folder.
 * Resolves once it listens. The build must exist (`npm test` makes it).
 */
export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  if (!fs.existsSync(path.join(BUILD_DIR, 'server/index.js'))) {
    throw new Error('No build: run `npm run build` (npm test does it for you)')
  }
  const postgres = options.postgres ?? onPostgres()
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'balai-desa-test-'))
  let dbFile = path.join(dir, 'data', 'test.db')
  const uploadsDir = path.join(dir, 'uploads')
  let databaseUrl = `file:${dbFile}`
  let port = await freePort()
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    BUILD_DIR,
    DATABASE_URL: databaseUrl,
    UPLOADS_DIR: uploadsDir,
    PORT: String(port),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    SITE_NAME: 'Desa Uji Coba',
    SITE_URL: `http://127.0.0.1:${port}`,
    // One trusted proxy: tests give each call site its own client address in X-Forwarded-For (clientAddress()).
    TRUST_PROXY: '1',
    LOG_REQUESTS: '0',
    // One process unless a test asks for workers: the machine running the tests has few cores to share.
    WEB_CONCURRENCY: '1',
    // Many test servers share one PostgreSQL cluster: a few connections each are plenty.
    DATABASE_POOL: '5',
    // bcrypt at cost 4 rather than 10 for the passwords this server hashes: a run makes hundreds of accounts and
    // logins (docs/decisions/056-test-password-cost.md). `BALAI_TEST_ONLY: undefined` gives a server without it.
    BALAI_TEST_ONLY: TEST_HOOKS,
    BALAI_TEST_PASSWORD_COST: '4',
    ...options.env,
  }
  const seeded = seededDir(postgres)
  const fromSeeded = seedsTheTemplateVillage(options, env) && fs.existsSync(path.join(seeded, 'ready'))
  if (fromSeeded) fs.cpSync(path.join(seeded, 'uploads'), uploadsDir, { recursive: true })
  if (postgres) {
    // A database of its own, copied from the migrated template; its address is kept in the folder for restarts.
    dbFile = ''
    const saved = path.join(dir, 'database-url')
    if (fs.existsSync(saved)) databaseUrl = fs.readFileSync(saved, 'utf8')
    else {
      const name = `balai_${crypto.randomBytes(6).toString('hex')}`
      const template = fromSeeded ? SEEDED_PG_DATABASE : PG_TEMPLATE
      // Many villages in one install start from an empty database: the regency's and each village's schema are theirs.
      const empty = options.fresh === false || Boolean(options.env?.REGENCY_HOST)
      await pgAdmin(`CREATE DATABASE "${name}"${empty ? '' : ` TEMPLATE "${template}"`}`)
      databaseUrl = await pgDatabaseUrl(name)
      fs.writeFileSync(saved, databaseUrl)
    }
    if (!('DATABASE_URL' in (options.env ?? {}))) env.DATABASE_URL = databaseUrl
  } else if (!fs.existsSync(dbFile) && options.fresh !== false) {
    fs.mkdirSync(path.dirname(dbFile), { recursive: true })
    fs.copyFileSync(fromSeeded ? path.join(seeded, 'data', 'test.db') : await ensureTemplateDb(), dbFile)
  }
  let output = ''
  let child: ChildProcess
  // The port was free when asked for, but the server listens a second or two later: meanwhile another test's server
  // or an outgoing connection's own port may have taken it. The port is then chosen again (not one a test set).
  for (let attempt = 1; ; attempt++) {
    output = ''
    const started = spawn(process.execPath, ['server.mjs', ...(options.args ?? [])], {
      cwd: ROOT,
      env: Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)) as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child = started
    started.stdout!.on('data', (chunk) => (output += chunk))
    started.stderr!.on('data', (chunk) => (output += chunk))
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          // Never leave a server behind that a test can no longer stop.
          started.kill('SIGKILL')
          reject(new Error(`server did not start:\n${output}`))
          // A server of several workers on a machine loaded by the whole run can take over a minute; the test's or
          // the hook's own timeout is what bounds the wait.
        }, 150_000)
        const check = () => {
          if (output.includes('listening on')) {
            clearTimeout(timer)
            resolve()
          }
        }
        started.stdout!.on('data', check)
        started.on('exit', (code) => {
          clearTimeout(timer)
          reject(new Error(`server exited with ${code}:\n${output}`))
        })
      })
      break
    } catch (error) {
      const portTaken = output.includes('EADDRINUSE') && !('PORT' in (options.env ?? {}))
      if (!portTaken || attempt === 3) throw error
      const previous = port
      port = await freePort()
      env.PORT = String(port)
      if (env.SITE_URL === `http://127.0.0.1:${previous}`) env.SITE_URL = `http://127.0.0.1:${port}`
    }
  }
  const url = `http://127.0.0.1:${port}`
  return {
    url,
    port,
    dir,
    dbFile,
    databaseUrl,
    databaseLabel: postgres ? databaseUrl : dbFile,
    uploadsDir,
    process: child,
    output: () => output,
    logs: () => parseLogs(output),
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill(signal)
      }),
  }
}

/**
 * An empty database (no tables) for a server to be started later in `dir` with `fresh: false`: a SQLite file
 * that does not exist yet, or a new PostgreSQL database whose address is kept in the folder.
 */
export async function createEmptyDatabase(dir: string): Promise<{ databaseUrl: string; dbFile: string }> {
  fs.mkdirSync(path.join(dir, 'data'), { recursive: true })
  if (!onPostgres()) {
    const dbFile = path.join(dir, 'data', 'test.db')
    return { databaseUrl: `file:${dbFile}`, dbFile }
  }
  const name = `balai_${crypto.randomBytes(6).toString('hex')}`
  await pgAdmin(`CREATE DATABASE "${name}"`)
  const databaseUrl = await pgDatabaseUrl(name)
  fs.writeFileSync(path.join(dir, 'database-url'), databaseUrl)
  return { databaseUrl, dbFile: '' }
}

/**
 * Runs one statement on a test server's database, whichever it is (`?` placeholders; turned into `$1`, `$2`...
 * on PostgreSQL). Returns the rows of a query.
 */
export async function queryDb<Row = Record<string, unknown>>(
  server: Pick<TestServer, 'databaseUrl' | 'dbFile'>,
  sql: string,
  params: unknown[] = [],
): Promise<Row[]> {
  if (!onPostgres()) {
    const db = new Database(server.dbFile)
    try {
      db.pragma('busy_timeout = 10000')
      const statement = db.prepare(sql)
      return statement.reader ? (statement.all(...params) as Row[]) : (statement.run(...params), [])
    } finally {
      db.close()
    }
  }
  let at = 0
  const client = new pg.Client({ connectionString: server.databaseUrl })
  await client.connect()
  try {
    return (
      await client.query(
        sql.replace(/\?/g, () => `$${++at}`),
        params,
      )
    ).rows as Row[]
  } finally {
    await client.end()
  }
}

/** Inserts many rows at once, in one transaction, straight into a test server's database. */
export async function insertRows(
  server: Pick<TestServer, 'databaseUrl' | 'dbFile'>,
  table: string,
  columns: string[],
  rows: unknown[][],
) {
  const list = columns.map((column) => `"${column}"`).join(', ')
  if (!onPostgres()) {
    const db = new Database(server.dbFile)
    try {
      db.pragma('busy_timeout = 10000')
      const insert = db.prepare(`INSERT INTO "${table}" (${list}) VALUES (${columns.map(() => '?').join(', ')})`)
      db.transaction(() => rows.forEach((row) => insert.run(...row)))()
    } finally {
      db.close()
    }
    return
  }
  const client = new pg.Client({ connectionString: server.databaseUrl })
  await client.connect()
  try {
    await client.query('BEGIN')
    for (let start = 0; start < rows.length; start += 500) {
      const chunk = rows.slice(start, start + 500)
      const values = chunk
        .map((_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`)
        .join(', ')
      await client.query(`INSERT INTO "${table}" (${list}) VALUES ${values}`, chunk.flat())
    }
    await client.query('COMMIT')
  } finally {
    await client.end()
  }
}

/**
 * A movable clock for a server the test starts itself (app/utils/clock.server.ts, docs/decisions/026-test-clock.md):
 * pass `env` to startServer, then `move(ms)` puts the server's publishing clock that far ahead of the real one (no
 * waiting). Only a server started with both variables honours the file.
 */
export function testClock() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'balai-clock-')), 'offset-ms')
  fs.writeFileSync(file, '0')
  return {
    env: { BALAI_TEST_CLOCK_FILE: file, BALAI_TEST_ONLY: `${TEST_HOOKS},allow-moving-the-clock` },
    move: (ms: number) => fs.writeFileSync(file, String(ms)),
    remove: () => fs.rmSync(path.dirname(file), { recursive: true, force: true }),
  }
}
