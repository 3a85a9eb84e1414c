import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

export const ROOT = path.resolve(__dirname, '../..')
export const BUILD_DIR = path.resolve(ROOT, process.env.BUILD_DIR ?? 'build')
// One template per checkout and build folder, so parallel runs never share it.
const TEMPLATE_DIR = path.join(os.tmpdir(), `balai-desa-template-${crypto.createHash('sha1').update(BUILD_DIR).digest('hex').slice(0, 10)}`)
export const TEMPLATE_DB = path.join(TEMPLATE_DIR, 'template.db')

export type TestServer = {
  url: string
  port: number
  dir: string
  dbFile: string
  uploadsDir: string
  process: ChildProcess
  output: () => string
  /** The server's log so far, one parsed JSON line per event (server/log.mjs); lines that are not JSON are left out. */
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
  migrate({ ...process.env, DATABASE_URL: `file:${TEMPLATE_DB}` })
  return TEMPLATE_DB
}

export const resetTemplateDb = () => fs.rmSync(TEMPLATE_DIR, { recursive: true, force: true })

export type ServerOptions = {
  /** Overrides of the defaults below; `undefined` leaves a variable unset (the server's own default applies). */
  env?: Record<string, string | undefined>
  /** Reuse this folder (database and uploads) instead of a new one, e.g. to restart after a crash. */
  dir?: string
  /** Copy the template database into a new folder (default true). */
  fresh?: boolean
}

/**
 * Starts the production build (`server.mjs`) on a free port with its own SQLite file and uploads folder.
 * Resolves once it listens. The build must exist (`npm test` makes it).
 */
export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  if (!fs.existsSync(path.join(BUILD_DIR, 'server/index.js'))) {
    throw new Error('No build: run `npm run build` (npm test does it for you)')
  }
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'balai-desa-test-'))
  const dbFile = path.join(dir, 'data', 'test.db')
  const uploadsDir = path.join(dir, 'uploads')
  if (!fs.existsSync(dbFile) && options.fresh !== false) {
    fs.mkdirSync(path.dirname(dbFile), { recursive: true })
    fs.copyFileSync(await ensureTemplateDb(), dbFile)
  }
  const port = await freePort()
  let output = ''
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    BUILD_DIR,
    DATABASE_URL: `file:${dbFile}`,
    UPLOADS_DIR: uploadsDir,
    PORT: String(port),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    SITE_NAME: 'Desa Uji Coba',
    SITE_URL: `http://127.0.0.1:${port}`,
    // One trusted proxy: tests give each call site its own client address in X-Forwarded-For (clientAddress()).
    TRUST_PROXY: '1',
    LOG_REQUESTS: '0',
    ...options.env,
  }
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: ROOT,
    env: Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)) as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const url = `http://127.0.0.1:${port}`
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000)
    const check = () => {
      if (output.includes('listening on')) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout!.on('data', check)
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}:\n${output}`))
    })
  })
  return {
    url,
    port,
    dir,
    dbFile,
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
