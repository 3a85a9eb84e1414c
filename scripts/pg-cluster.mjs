// A throw-away PostgreSQL cluster for the tests, the benchmark and writing PostgreSQL migrations: Debian's
// `postgresql` package (installed when missing and we are root), `initdb` into a temporary folder, `pg_ctl` on a
// free port of 127.0.0.1, trust authentication, stopped and removed by `stop()`. As root the server runs as the
// `postgres` user (PostgreSQL refuses to run as root).
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

const isRoot = () => process.getuid?.() === 0

/** The folder holding initdb, pg_ctl, pg_dump and pg_restore: PG_BIN, the PATH, or Debian's newest version. */
export function postgresBin({ install = false } = {}) {
  if (process.env.PG_BIN && fs.existsSync(path.join(process.env.PG_BIN, 'pg_ctl'))) return process.env.PG_BIN
  const debian = () => {
    const root = '/usr/lib/postgresql'
    const versions = fs.existsSync(root)
      ? fs
          .readdirSync(root)
          .filter((v) => /^\d+$/.test(v))
          .sort((a, b) => Number(b) - Number(a))
      : []
    const found = versions.map((v) => path.join(root, v, 'bin')).find((dir) => fs.existsSync(path.join(dir, 'initdb')))
    return found
  }
  let found = debian()
  if (!found) {
    const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' })
    if (which.status === 0 && which.stdout.trim()) return path.dirname(which.stdout.trim())
  }
  if (!found && install && isRoot()) {
    console.log('[postgres] installing Debian postgresql for the PostgreSQL tests...')
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
    execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql'], { stdio: 'inherit', env })
    found = debian()
  }
  if (!found)
    throw new Error(
      'PostgreSQL is not installed: apt-get install postgresql (or set PG_BIN to the folder holding pg_ctl)',
    )
  return found
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

/** Runs a PostgreSQL program, as the postgres user when we are root. */
function runAs(bin, program, args) {
  const command = path.join(bin, program)
  const [file, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]
  const result = spawnSync(file, argv, { encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`${program} failed (${result.status}): ${result.stdout}${result.stderr}`)
  return result.stdout
}

/**
 * Starts a new cluster. `url(name)` is the address of database `name` (superuser `postgres`, no password);
 * `createDatabase(name, template?)` makes one; `stop()` stops the server and removes its folder.
 */
export async function startPostgres({ install = true } = {}) {
  const bin = postgresBin({ install })
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-pg-'))
  if (isRoot()) execFileSync('chown', ['postgres:postgres', dir])
  const data = path.join(dir, 'data')
  const port = await freePort()
  runAs(bin, 'initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
  ])
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c max_connections=400',
    // A throw-away cluster: durability is not what is tested here.
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ')
  runAs(bin, 'pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start'])
  const url = (name = 'postgres') => `postgresql://postgres@127.0.0.1:${port}/${name}`
  let stopped = false
  return {
    port,
    dir,
    bin,
    url,
    async query(sql, params) {
      const client = new pg.Client({ connectionString: url() })
      await client.connect()
      try {
        return await client.query(sql, params)
      } finally {
        await client.end()
      }
    },
    async createDatabase(name, template) {
      await this.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`)
      return url(name)
    },
    async stop() {
      if (stopped) return
      stopped = true
      try {
        runAs(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

// `node scripts/pg-cluster.mjs`: a cluster to work with by hand (writing PostgreSQL migrations); Ctrl-C stops it.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const cluster = await startPostgres()
  console.log(`[postgres] ${cluster.url()} (Ctrl-C stops and removes it)`)
  const stop = () => cluster.stop().finally(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  setInterval(() => undefined, 1 << 30)
}
