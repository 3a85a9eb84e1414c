// `npm run bench`: loads the production server with a large village and compares it with the floor
// (scripts/bench/floor.mjs, the same API answers from plain node:http + better-sqlite3).
//   node scripts/bench.mjs            full run: 10,000 posts..., 40 connections, 10 s per target (~5 min)
//   node scripts/bench.mjs --quick    small village, 100 requests per target: only checks that the benchmark works (CI)
//   --build <dir>                     use an existing production build instead of building one in a temp dir
//   --json <file>                     also write the results as JSON
//   --postgresql                      the site on PostgreSQL: a throw-away cluster (scripts/pg-cluster.mjs), the
//                                     village copied into it by migrate-data (the floor stays on SQLite)
// Everything (build, database, uploads) lives in a temp folder that is removed at the end.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { isDeepStrictEqual } from 'node:util'
import zlib from 'node:zlib'
import { FULL, generateVillage, PRODUCT_SEARCH_WORD, QUICK, SEARCH_WORD } from './bench/generate.mjs'
import { migrate } from './migrate.mjs'
import { migrateData } from './migrate-data.mjs'
import { startPostgres } from './pg-cluster.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const args = process.argv.slice(2)
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined)
const quick = args.includes('--quick')
const postgres = args.includes('--postgresql')
const settings = quick
  ? { counts: QUICK, connections: 4, warmup: 0, amount: 100 }
  : { counts: FULL, connections: 40, warmup: 3, duration: 10 }
/** The widths storeImage writes as `{stem}-{w}.webp` next to the original, read from app/lib/image-variants.ts. */
const VARIANT_WIDTHS = (/VARIANT_WIDTHS = \[([\d, ]+)\]/.exec(fs.readFileSync(path.join(root, 'app/lib/image-variants.ts'), 'utf8'))?.[1] ?? '')
  .split(',')
  .map(Number)
  .filter(Boolean)
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-0123456789'

const log = (...parts) => console.error('[bench]', ...parts)
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-desa-bench-'))
const children = new Set()
let cluster

function cleanup() {
  for (const child of children) child.kill('SIGKILL')
  // Synchronous inside (pg_ctl through spawnSync), so it completes during 'exit'.
  cluster?.stop()
  fs.rmSync(work, { recursive: true, force: true })
}
process.on('exit', cleanup)
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130))

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

/** Starts a node process and resolves once its output contains `ready`. */
function startProcess(script, env, ready) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { cwd: root, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    children.add(child)
    let output = ''
    const timer = setTimeout(() => reject(new Error(`${script} did not start:\n${output}`)), 120_000)
    const onData = (chunk) => {
      output += chunk
      if (output.includes(ready)) {
        clearTimeout(timer)
        resolve(child)
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.on('exit', (code) => {
      children.delete(child)
      clearTimeout(timer)
      reject(new Error(`${script} exited with ${code}:\n${output}`))
    })
    child.output = () => output
  })
}

const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.removeAllListeners('exit')
    child.once('exit', () => {
      children.delete(child)
      resolve()
    })
    child.kill('SIGTERM')
  })

/** The production server exactly as the tests run it (tests/support/server.ts), on its own database and uploads. */
async function startSite(buildDir, dir, extraEnv = {}) {
  const port = await freePort()
  const child = await startProcess('server.mjs', {
    NODE_ENV: 'production',
    BUILD_DIR: buildDir,
    DATABASE_URL: `file:${path.join(dir, 'data', 'bench.db')}`,
    UPLOADS_DIR: path.join(dir, 'uploads'),
    PORT: String(port),
    JWT_SECRET,
    SITE_NAME: 'Desa Uji Coba',
    SITE_URL: `http://127.0.0.1:${port}`,
    LOG_REQUESTS: '0',
    // Worker processes: one per core unless the bench's own environment says otherwise.
    ...(process.env.WEB_CONCURRENCY ? { WEB_CONCURRENCY: process.env.WEB_CONCURRENCY } : {}),
    ...extraEnv,
  }, 'listening on')
  return { child, url: `http://127.0.0.1:${port}` }
}

/** A migrated database in `dir`, seeded by one start of the server (admin and user accounts; demo village if asked). */
async function seededSite(buildDir, dir, demo) {
  const dbFile = path.join(dir, 'data', 'bench.db')
  await migrate({ ...process.env, DATABASE_URL: `file:${dbFile}` })
  const { child } = await startSite(buildDir, dir, { SEED_DEMO: demo ? '1' : '0' })
  await stop(child)
  return dbFile
}

function build() {
  const given = option('--build')
  if (given) {
    const dir = path.resolve(given)
    if (!fs.existsSync(path.join(dir, 'server/index.js'))) throw new Error(`${dir} holds no production build`)
    return dir
  }
  const dir = path.join(work, 'build')
  log('building the production server...')
  const result = spawnSync(process.execPath, ['node_modules/@remix-run/dev/dist/cli.js', 'vite:build'], {
    cwd: root,
    env: { ...process.env, BUILD_DIR: dir, NODE_ENV: 'production' },
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`build failed:\n${result.stdout}${result.stderr}`)
  return dir
}

/** One autocannon run from its own process; returns its JSON result. */
function autocannon(url, { connections, duration, amount, headers = {} }) {
  return new Promise((resolve, reject) => {
    const headerArgs = Object.entries(headers).flatMap(([key, value]) => ['-H', `${key}=${value}`])
    const child = spawn(process.execPath, [path.join(root, 'node_modules/autocannon/autocannon.js'), '--json', '-c', String(connections), ...(amount ? ['-a', String(amount)] : ['-d', String(duration)]), ...headerArgs, url], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.add(child)
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    child.stderr.on('data', (chunk) => (err += chunk))
    child.on('exit', (code) => {
      children.delete(child)
      if (code !== 0) return reject(new Error(`autocannon failed (${code}): ${err}`))
      resolve(JSON.parse(out))
    })
  })
}

async function load(url, headers) {
  // One request first, so even a one-second quick run measures answers rather than the very first render.
  await (await fetch(url, { headers })).arrayBuffer()
  if (settings.warmup) await autocannon(url, { connections: settings.connections, duration: settings.warmup, headers })
  const result = await autocannon(url, { connections: settings.connections, duration: settings.duration, amount: settings.amount, headers })
  return {
    rps: result.requests.total / Math.max(result.duration, 0.001),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  }
}

/** Peak resident memory of a process (Linux VmHWM), in MB. */
function peakMemory(pid) {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Number(match[1]) / 1024 : null
  } catch {
    return null
  }
}

const gzipSize = (buffer) => zlib.gzipSync(buffer, { level: 6 }).length

/** The phone the page weight is judged on: 390 CSS px wide at 2 device pixels per CSS pixel. */
const PHONE = { width: 390, dpr: 2 }

/** The slot width `sizes` gives on the phone, in CSS px: the first entry whose (min-width) holds. */
function slotWidth(sizes) {
  for (const entry of (sizes ?? '100vw').split(',').map((part) => part.trim())) {
    const match = /^(?:\(min-width:\s*(\d+)px\)\s*)?(\d+(?:\.\d+)?)(px|vw)$/.exec(entry)
    if (!match) continue
    if (match[1] && PHONE.width < Number(match[1])) continue
    return match[3] === 'px' ? Number(match[2]) : (Number(match[2]) * PHONE.width) / 100
  }
  return PHONE.width
}

/**
 * What a first visit to `/` downloads: the HTML, the scripts (script src and modulepreload) and style sheets,
 * gzipped as the server sends them, and every image (lazy ones too). For an image with a srcset the copy a
 * phone picks is counted: the smallest at least as wide as its slot (from `sizes`) times the pixel ratio.
 */
async function homeWeight(base) {
  const html = Buffer.from(await (await fetch(`${base}/`)).arrayBuffer())
  const text = html.toString('utf8')
  const attr = (tag, name) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1]
  const tags = (name) => text.match(new RegExp(`<${name}\\b[^>]*>`, 'g')) ?? []
  const scripts = new Set()
  const styles = new Set()
  for (const tag of tags('script')) if (attr(tag, 'src')) scripts.add(attr(tag, 'src'))
  for (const tag of tags('link')) {
    const rel = attr(tag, 'rel')
    if (rel === 'modulepreload') scripts.add(attr(tag, 'href'))
    if (rel === 'stylesheet') styles.add(attr(tag, 'href'))
  }
  // Module scripts inline their imports: follow `import ... from "..."` in the inline entry too.
  for (const match of text.matchAll(/import\s*(?:[^'"]*from\s*)?["']([^"']+\.js)["']/g)) scripts.add(match[1])
  const images = new Set()
  const decode = (value) => value.replaceAll('&amp;', '&')
  for (const tag of tags('img')) {
    const srcset = attr(tag, 'srcset')
    if (srcset) {
      const candidates = decode(srcset).split(',').map((part) => part.trim().split(/\s+/)).map(([src, w]) => ({ src, width: Number.parseInt(w, 10) || 0 }))
      candidates.sort((a, b) => a.width - b.width)
      const needed = slotWidth(attr(tag, 'sizes')) * PHONE.dpr
      images.add((candidates.find((c) => c.width >= needed) ?? candidates.at(-1)).src)
    } else if (attr(tag, 'src')) images.add(decode(attr(tag, 'src')))
  }
  for (const match of text.matchAll(/url\((?:&quot;|["'])?(\/uploads\/[^"')&]+)/g)) images.add(match[1])
  const sizeOf = async (href, zip) => {
    const response = await fetch(new URL(href, base))
    const body = Buffer.from(await response.arrayBuffer())
    return zip ? gzipSize(body) : body.length
  }
  const sum = async (set, zip) => (await Promise.all([...set].map((href) => sizeOf(href, zip)))).reduce((a, b) => a + b, 0)
  const weight = { html: gzipSize(html), js: await sum(scripts, true), css: await sum(styles, true), images: await sum(images, false), imageCount: images.size }
  weight.total = weight.html + weight.js + weight.css + weight.images
  return weight
}

/** Bodies of an API call from the site and the floor, parsed; key order aside they must be equal. */
async function sameJson(site, floor, target, headers) {
  const [a, b] = await Promise.all([site, floor].map(async (base) => (await fetch(base + target, { headers })).json()))
  return isDeepStrictEqual(a, b)
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
const fixed = (n, d = 0) => (n === null || n === undefined ? '-' : Number(n).toFixed(d))

async function main() {
  const started = Date.now()
  const buildDir = build()
  const village = path.join(work, 'village')
  fs.mkdirSync(path.join(village, 'uploads'), { recursive: true })
  log('seeding and generating the village...')
  const dbFile = await seededSite(buildDir, village, false)
  const generated = await generateVillage({ dbFile, uploadsDir: path.join(village, 'uploads'), counts: settings.counts, variantWidths: VARIANT_WIDTHS })

  let database = {}
  if (postgres) {
    log('starting PostgreSQL and copying the village into it...')
    cluster = await startPostgres()
    const url = await cluster.createDatabase('bench')
    await migrateData({ sourceFile: dbFile, uploadsDir: path.join(village, 'uploads'), to: url, log })
    database = { DATABASE_URL: url }
  }
  const site = await startSite(buildDir, village, database)
  const floorPort = await freePort()
  const floor = await startProcess('scripts/bench/floor.mjs', { FLOOR_DB: dbFile, FLOOR_PORT: String(floorPort), JWT_SECRET }, 'floor listening')
  const floorUrl = `http://127.0.0.1:${floorPort}`

  const login = await (await fetch(`${site.url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'password' }),
  })).json()
  if (!login.success) throw new Error(`login failed: ${JSON.stringify(login)}`)
  const auth = { Authorization: `Bearer ${login.data.token}` }

  const page = Math.min(37, Math.ceil(settings.counts.posts / 9))
  const api = (target, floorTarget, headers) => ({ target, floor: floorTarget ?? target, headers, api: true })
  const targets = [
    { target: '/', floor: '/floor/home', page: 'home' },
    { target: `/posts?page=${page}`, floor: `/api/public/posts?page=${page}`, page: 'posts' },
    { target: `/posts?search=${SEARCH_WORD}`, floor: `/api/public/posts?search=${SEARCH_WORD}`, page: 'posts' },
    { target: `/posts/${generated.postSlug}`, floor: `/api/public/posts/${generated.postSlug}`, page: 'detail' },
    api(`/api/public/posts?page=${page}`),
    api('/api/public/posts_home'),
    api(`/api/public/products?search=${PRODUCT_SEARCH_WORD}`),
    api(`/api/public/posts/${generated.postSlug}`),
    api('/api/admin/posts', undefined, auth),
    { target: `/uploads/posts/${generated.postImage}` },
  ]

  const mismatches = []
  for (const t of targets.filter((t) => t.api)) if (!(await sameJson(site.url, floorUrl, t.target, t.headers))) mismatches.push(t.target)
  if (mismatches.length) log(`WARNING: the floor's JSON differs from the site's for ${mismatches.join(', ')}`)

  const rows = []
  for (const t of targets) {
    log(`loading ${t.target} ...`)
    const result = await load(site.url + t.target, t.headers)
    const base = t.floor ? await load(floorUrl + t.floor, t.headers) : null
    rows.push({ ...t, result, base, ratio: base ? result.rps / base.rps : null })
  }
  const memory = peakMemory(site.child.pid)
  const weight = await homeWeight(site.url)
  await stop(floor)
  await stop(site.child)

  // The light-site targets are judged on the demo village of a fresh install (the quick mode skips it).
  let demoWeight = null
  if (!quick) {
    const demoDir = path.join(work, 'demo')
    fs.mkdirSync(demoDir, { recursive: true })
    await seededSite(buildDir, demoDir, true)
    const demo = await startSite(buildDir, demoDir)
    demoWeight = await homeWeight(demo.url)
    await stop(demo.child)
  }

  // Targets of the performance issue.
  const checks = []
  for (const row of rows) {
    const { result } = row
    if (row.api && !row.headers) checks.push([`${row.target} >= 50% of floor`, row.ratio >= 0.5])
    if (row.page === 'home' || row.page === 'posts') checks.push([`${row.target} >= 25% of floor`, row.ratio >= 0.25])
    checks.push([`${row.target} no errors`, result.errors === 0])
    checks.push([`${row.target} p99 < 10 x p50`, result.p99 < 10 * Math.max(result.p50, 1)])
  }
  checks.push(['home JS <= 150 KB gzipped', weight.js <= 150 * 1024])
  if (demoWeight) checks.push(['home page < 500 KB (demo village)', demoWeight.total < 500 * 1024])
  checks.push(['floor answers the same JSON', mismatches.length === 0])

  const lines = []
  lines.push(`Balai Desa benchmark (${quick ? 'QUICK: small village, short runs; numbers mean nothing' : 'full'}; ${postgres ? 'PostgreSQL' : 'SQLite'})`)
  lines.push(`village: ${Object.entries(settings.counts).map(([k, v]) => `${v} ${k}`).join(', ')}; ${settings.connections} connections, ${settings.amount ? `${settings.amount} requests per target` : `${settings.warmup} s warm-up, ${settings.duration} s per target`}`)
  lines.push(`machine: ${os.cpus()[0]?.model ?? 'unknown cpu'} x ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, ${os.platform()} ${os.release()}, node ${process.version}`)
  lines.push('')
  lines.push('| target | req/s | p50 ms | p99 ms | errors | floor req/s | ratio |')
  lines.push('|---|---:|---:|---:|---:|---:|---:|')
  for (const row of rows) {
    const r = row.result
    lines.push(`| ${row.headers ? `${row.target} (token)` : row.target} | ${fixed(r.rps)} | ${fixed(r.p50, 1)} | ${fixed(r.p99, 1)} | ${r.errors} | ${row.base ? `${fixed(row.base.rps)} (${row.floor})` : '-'} | ${row.ratio === null ? '-' : `${Math.round(row.ratio * 100)}%`} |`)
  }
  lines.push('')
  lines.push(`server peak memory (RSS): ${fixed(memory)} MB`)
  for (const [name, w] of [['large village', weight], ['demo village', demoWeight]].filter(([, w]) => w)) {
    lines.push(`home page weight, ${name}: HTML ${kb(w.html)} + JS ${kb(w.js)} + CSS ${kb(w.css)} (gzipped) + ${w.imageCount} images ${kb(w.images)} = ${kb(w.total)}`)
  }
  lines.push('')
  const failed = checks.filter(([, pass]) => !pass)
  lines.push(`targets: ${checks.length - failed.length}/${checks.length} hold${failed.length ? `; missed: ${failed.map(([name]) => name).join('; ')}` : ''}`)
  lines.push(`(run took ${Math.round((Date.now() - started) / 1000)} s)`)
  console.log(lines.join('\n'))

  const jsonFile = option('--json')
  if (jsonFile) fs.writeFileSync(jsonFile, JSON.stringify({ rows, memory, weight, demoWeight, checks }, null, 2))
  // The quick mode only proves the benchmark works; the full run fails when a target is missed.
  if (!quick && failed.length) process.exitCode = 1
  if (mismatches.length) process.exitCode = 1
}

main()
  .catch((error) => {
    console.error('[bench] failed:', error)
    process.exitCode = 1
  })
  .finally(() => process.exit())
