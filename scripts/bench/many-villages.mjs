// `npm run bench -- --villages N`: many villages in one install (REGENCY_HOST; issue 26 point 5, decision 055),
// measured on this machine. scripts/bench.mjs calls `runVillages` with its helpers (build, free port, server start,
// load runs) when `--villages` is given:
//   node scripts/bench.mjs --villages 300                full run (~10 minutes on 2 cores, most of it the 3,000)
//   node scripts/bench.mjs --villages 5 --quick          small and short: only checks that this mode works
//   --idle-villages M     village databases present for the idle figure (default 10 x N: 3,000 for 300)
//   --api-villages K      villages created through the API before the rest are cloned (default 3; quick 1)
//   --cold C              villages whose first request is timed (default 30, at most a quarter of N)
//   --build DIR, --json FILE   as for the other modes
//
// What it does:
// 1. A regency install (REGENCY_HOST=kab.test) in a temp folder; its account `kabupaten` creates K demo villages
//    through `POST /api/regency/villages {slug, name, demo: true}`, each timed. The demo seed draws its pictures and
//    writes them in every width, so the rest are cloned from the first: its database file (checkpointed, then
//    copied; its `site_settings.site_name` renamed) and its uploads folder (hard links: an upload is never changed in
//    place), with a registry row each (a random 16-hex-digit id and a unique slug, as createVillage makes them),
//    inserted in one transaction of `DATA_DIR/villages.db` with the bump of `registry_version`.
// 2. The baseline: a single-village install (no REGENCY_HOST) on a copy of the same demo database and uploads, the
//    same build, started next to the regency's server (it idles while the other is loaded).
// 3. The regency's server with N villages (its start migrates and brings up every village, timed). Its workers
//    first run every code path on 3 villages (20 rounds, a new connection each, so both workers). Cold first
//    requests: C villages no worker has opened since the start (their database handles not open, their memos
//    empty), each asked `/` uncached three times on one connection, one after the other on an otherwise idle server:
//    the first is the cold request, the third the same village warm.
// 4. Uncached `/` (a `Cookie: bench=1`, which the response cache never answers, as the other modes' uncached rows;
//    an `X-Cache: HIT` counts as an error) with the bench's load settings: the single install; the regency, every
//    request to one village; the regency, the Host of each request the next of all N villages' hosts (a fixed
//    shuffled order, so consecutive requests are different villages); when VILLAGE_HANDLES is below N, the same
//    spread on the server started again with VILLAGE_HANDLES = N + 16 after every worker opened every village (what
//    the LRU of handles costs); the single install again. The ratios are against the mean of the two single runs.
// 5. Memory and files: every 200 ms the RSS (VmRSS) of the server's processes (the primary and its workers, from
//    /proc/PID/task/*/children) summed, their open descriptors (/proc/PID/fd) summed, and how many of those are
//    village database files (`.db`, `-wal`, `-shm` under DATA_DIR/villages); the peak of each phase.
// 6. M village databases: the server stopped, the clones topped up to M, the server started again (timed), its
//    idle figures read (2 s after it listens), its workers warmed as in 3, then N villages asked `/` uncached once
//    each, 4 at a time.
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'

const REGENCY_HOST = 'kab.test'
const UNCACHED = { Cookie: 'bench=1' }

/** Every process of the tree under `pid` (the primary and its cluster workers). */
function processTree(pid) {
  const all = [pid]
  for (let at = 0; at < all.length; at++) {
    try {
      for (const task of fs.readdirSync(`/proc/${all[at]}/task`)) {
        const children = fs.readFileSync(`/proc/${all[at]}/task/${task}/children`, 'utf8').trim()
        if (children) all.push(...children.split(/\s+/).map(Number))
      }
    } catch {
      // the process ended meanwhile
    }
  }
  return all
}

/**
 * RSS in MB, open descriptors, how many of those are village database files (`.db`, `-wal`, `-shm` under
 * DATA_DIR/villages) and of how many villages, of one process (null once it ended).
 */
function processFigures(pid, villagesDir) {
  try {
    const rss = Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
    const fds = fs.readdirSync(`/proc/${pid}/fd`)
    let villageFiles = 0
    const villages = new Set()
    for (const fd of fds) {
      try {
        const target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`)
        if (!target.startsWith(villagesDir + path.sep)) continue
        villageFiles++
        villages.add(path.basename(target).split('.')[0])
      } catch {
        // closed meanwhile
      }
    }
    return { rss, fds: fds.length, villageFiles, villagesOpen: villages.size }
  } catch {
    return null
  }
}

/**
 * Samples the server's process tree every 200 ms; `phase(name)` closes the current phase (its peaks) and opens
 * another. Peaks are of the sums over the tree, and the largest single process.
 */
function sampler(pid, villagesDir) {
  const phases = []
  let current
  const open = (name) => {
    current = { name, samples: 0, rss: 0, fds: 0, villageFiles: 0, villagesOpen: 0, processes: 0, largest: 0 }
    phases.push(current)
  }
  const sample = () => {
    const figures = processTree(pid)
      .map((p) => processFigures(p, villagesDir))
      .filter(Boolean)
    if (!figures.length) return
    const sum = (key) => figures.reduce((total, f) => total + f[key], 0)
    current.samples++
    current.rss = Math.max(current.rss, sum('rss'))
    current.fds = Math.max(current.fds, sum('fds'))
    current.villageFiles = Math.max(current.villageFiles, sum('villageFiles'))
    current.processes = Math.max(current.processes, figures.length)
    current.largest = Math.max(current.largest, ...figures.map((f) => f.rss))
    // The most villages one process had open at once: VILLAGE_HANDLES bounds it (plus those in use by a request).
    current.villagesOpen = Math.max(current.villagesOpen, ...figures.map((f) => f.villagesOpen))
  }
  open('start')
  sample()
  const timer = setInterval(sample, 200)
  return {
    phase(name) {
      sample()
      const done = current
      open(name)
      return done
    },
    stop() {
      sample()
      clearInterval(timer)
      return current
    },
  }
}

/** One GET on `agent`'s connection with a Host header: status, the milliseconds to the last byte, X-Cache. */
function get(port, host, target, { agent, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    const request = http.request(
      { host: '127.0.0.1', port, path: target, method: 'GET', agent, headers: { Host: host, ...headers } },
      (response) => {
        const chunks = []
        response.on('data', (chunk) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            ms: Number(process.hrtime.bigint() - started) / 1e6,
            cache: response.headers['x-cache'],
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        )
      },
    )
    request.on('error', reject)
    request.end()
  })
}

/** A JSON call to the regency's API. */
function api(port, method, target, { token, json, agent = false } = {}) {
  return new Promise((resolve, reject) => {
    const body = json === undefined ? undefined : Buffer.from(JSON.stringify(json))
    const headers = { Host: REGENCY_HOST, Accept: 'application/json' }
    if (token) headers.Authorization = `Bearer ${token}`
    if (body) Object.assign(headers, { 'Content-Type': 'application/json', 'Content-Length': String(body.length) })
    const request = http.request({ host: '127.0.0.1', port, path: target, method, headers, agent }, (res) => {
      let text = ''
      res.on('data', (chunk) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(text || 'null'), text }))
    })
    request.on('error', reject)
    request.end(body)
  })
}

/** Hard links of every file under `from` at the same place under `to` (folders made). */
function linkTree(from, to) {
  fs.mkdirSync(to, { recursive: true })
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name)
    const target = path.join(to, entry.name)
    if (entry.isDirectory()) linkTree(source, target)
    else if (entry.isFile()) fs.linkSync(source, target)
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/**
 * The regency's data (issue 40), on the regency's server with every village: `GET /api/regency/figures` timed on one
 * connection (so one worker): its first call (no village's figures computed yet) and the median of the next five
 * (each village's from its memo); `/data`, `/data/catalog.json` and `/berita` under load uncached (Cookie: bench=1, the
 * response cache never answers it) and cached (anonymous), beside a village's cached `/`.
 */
async function measureRegencyData(bench, port, token, villageHost) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const timed = async () => {
    const started = process.hrtime.bigint()
    const answer = await api(port, 'GET', '/api/regency/figures', { token, agent })
    if (answer.status !== 200) throw new Error(`figures: ${answer.status} ${answer.text.slice(0, 200)}`)
    return { ms: Number(process.hrtime.bigint() - started) / 1e6, villages: answer.body.data.villages.length }
  }
  const first = await timed()
  const next = []
  for (let i = 0; i < 5; i++) next.push((await timed()).ms)
  agent.destroy()
  const base = `http://127.0.0.1:${port}`
  const rows = {}
  for (const [key, path] of [
    ['data', '/data'],
    ['catalog', '/data/catalog.json'],
    ['berita', '/berita'],
  ]) {
    const firstAnswer = await get(port, REGENCY_HOST, path, { agent: false, headers: UNCACHED })
    if (firstAnswer.status !== 200) throw new Error(`${path}: ${firstAnswer.status}`)
    rows[key] = {
      path,
      first: firstAnswer.ms,
      uncached: await bench.load(base, [path], UNCACHED, { uncached: true, hosts: [REGENCY_HOST] }),
      cached: await bench.load(base, [path], {}, { hosts: [REGENCY_HOST] }),
    }
  }
  const villageCached = await bench.load(base, ['/'], {}, { hosts: [villageHost] })
  return { figures: { villages: first.villages, uncached: first.ms, cached: median(next) }, rows, villageCached }
}

/** The issue's targets for the regency's data (issue 40): [name, held]. */
const regencyDataChecks = (data, count) => [
  [`the figures call with ${count} villages, uncached (its first call), < 2000 ms`, data.figures.uncached < 2000],
  ["/berita cached at least the rate of a village's cached /", data.rows.berita.cached.rps >= data.villageCached.rps],
  ...Object.values(data.rows).map((row) => [
    `${row.path} uncached and cached: no errors`,
    row.uncached.errors + row.cached.errors === 0,
  ]),
]

function regencyDataReport(data, count) {
  const f = (n, d = 0) => (n === null || n === undefined || Number.isNaN(n) ? '-' : Number(n).toFixed(d))
  const lines = [
    `| the regency's data, ${count} villages | first call ms | uncached req/s | uncached p50 ms | cached req/s | cached p50 ms | errors |`,
    '|---|---:|---:|---:|---:|---:|---:|',
    `| GET /api/regency/figures (${data.figures.villages} villages; one connection) | ${f(data.figures.uncached, 1)} | - | - | - | ` +
      `${f(data.figures.cached, 1)} (median of 5 after it) | 0 |`,
  ]
  for (const row of Object.values(data.rows))
    lines.push(
      `| ${row.path} | ${f(row.first, 1)} | ${f(row.uncached.rps)} | ${f(row.uncached.p50, 1)} | ${f(row.cached.rps)} | ` +
        `${f(row.cached.p50, 1)} | ${row.uncached.errors + row.cached.errors} |`,
    )
  lines.push(
    `| a village's cached / (for comparison) | - | - | - | ${f(data.villageCached.rps)} | ${f(data.villageCached.p50, 1)} | ` +
      `${data.villageCached.errors} |`,
  )
  return lines
}

export async function runVillages(bench) {
  const { option, quick, settings, work, log, startProcess, stop, freePort, build, autocannon, load, loadAverage } =
    bench
  const started = Date.now()
  const loadBefore = loadAverage()
  const count = Number(option('--villages'))
  if (!Number.isInteger(count) || count < 2) throw new Error('--villages takes a number of villages, 2 or more')
  const idleCount = Number(option('--idle-villages') ?? count * 10)
  if (!Number.isInteger(idleCount) || idleCount < count) throw new Error(`--idle-villages must be at least ${count}`)
  const viaApi = Math.min(count, Number(option('--api-villages') ?? (quick ? 1 : 3)))
  if (!Number.isInteger(viaApi) || viaApi < 1) throw new Error('--api-villages must be 1 or more')
  const coldCount = Math.max(1, Math.min(Number(option('--cold') ?? 30), Math.floor(count / 4)))
  const buildDir = build()
  const workers = Number(process.env.WEB_CONCURRENCY || os.availableParallelism())
  const handles = process.env.VILLAGE_HANDLES ? Number(process.env.VILLAGE_HANDLES) : 64

  // ---- 1. The regency install and its villages.
  const regencyDir = path.join(work, 'regency')
  const dataDir = path.join(regencyDir, 'data')
  const uploadsDir = path.join(regencyDir, 'uploads')
  const villagesDir = path.join(dataDir, 'villages')
  fs.mkdirSync(dataDir, { recursive: true })
  fs.mkdirSync(uploadsDir, { recursive: true })
  const serverEnv = (port, extra) => ({
    NODE_ENV: 'production',
    BUILD_DIR: buildDir,
    PORT: String(port),
    JWT_SECRET: bench.JWT_SECRET,
    LOG_REQUESTS: '0',
    ...(process.env.WEB_CONCURRENCY ? { WEB_CONCURRENCY: process.env.WEB_CONCURRENCY } : {}),
    ...(process.env.VILLAGE_HANDLES ? { VILLAGE_HANDLES: process.env.VILLAGE_HANDLES } : {}),
    ...(process.env.BENCH_SITE_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SITE_NODE_OPTIONS } : {}),
    ...extra,
  })
  const startRegency = async (extra = {}) => {
    const port = await freePort()
    const at = Date.now()
    const child = await startProcess(
      'server.mjs',
      serverEnv(port, {
        REGENCY_HOST,
        DATABASE_URL: `file:${path.join(dataDir, 'regency.db')}`,
        UPLOADS_DIR: uploadsDir,
        ...extra,
      }),
      'listening on',
      // Every village is migrated and brought up before the server listens: 3,000 take minutes.
      30 * 60_000,
    )
    return { child, port, startSeconds: (Date.now() - at) / 1000 }
  }

  log(`starting a regency install and creating ${viaApi} demo village(s) through the API...`)
  let regency = await startRegency()
  const login = await api(regency.port, 'POST', '/api/login', { json: { username: 'kabupaten', password: 'password' } })
  if (login.status !== 200) throw new Error(`regency login: ${login.status} ${login.text}`)
  const token = login.body.data.token
  const slugOf = (i) => `desa-${String(i + 1).padStart(4, '0')}`
  const kecamatanOf = (i) => `Kecamatan ${(i % 15) + 1}`
  const kodeOf = (i) => `33.01.${String((i % 15) + 1).padStart(2, '0')}.${String(2001 + i).padStart(4, '0')}`
  const nameOf = (i) => `Desa Uji ${i + 1}`
  const villages = []
  const apiSeconds = []
  for (let i = 0; i < viaApi; i++) {
    const at = Date.now()
    const created = await api(regency.port, 'POST', '/api/regency/villages', {
      token,
      json: { slug: slugOf(i), name: nameOf(i), demo: true },
    })
    if (created.status !== 201) throw new Error(`creating ${slugOf(i)}: ${created.status} ${created.text}`)
    apiSeconds.push((Date.now() - at) / 1000)
    villages.push({ id: created.body.data.id, slug: slugOf(i) })
  }
  await stop(regency.child)
  const perVillage = apiSeconds.reduce((a, b) => a + b, 0) / apiSeconds.length
  log(
    `${viaApi} village(s) through the API, ${perVillage.toFixed(2)} s each: ` +
      `${count} would take ${fixedS(perVillage * count)}`,
  )

  // The template: the first village's database, its write-ahead log folded in, and its uploads.
  const template = villages[0]
  const templateFile = path.join(villagesDir, `${template.id}.db`)
  const templateUploads = path.join(uploadsDir, 'villages', template.id)
  {
    const db = new Database(templateFile)
    db.pragma('wal_checkpoint(TRUNCATE)')
    db.close()
  }
  const uploadFiles = countFiles(templateUploads)
  /** Clones up to `total` villages, as createVillage would leave them, the registry rows in one transaction. */
  const cloneUpTo = (total) => {
    const at = Date.now()
    const rows = []
    for (let i = villages.length; i < total; i++) {
      const id = crypto.randomBytes(8).toString('hex')
      const file = path.join(villagesDir, `${id}.db`)
      fs.copyFileSync(templateFile, file, fs.constants.COPYFILE_FICLONE)
      const db = new Database(file)
      db.prepare('UPDATE "site_settings" SET "site_name" = ?').run(nameOf(i))
      db.close()
      linkTree(templateUploads, path.join(uploadsDir, 'villages', id))
      rows.push({ id, slug: slugOf(i), name: nameOf(i), index: i })
    }
    const registry = new Database(path.join(dataDir, 'villages.db'))
    registry.transaction(() => {
      const insert = registry.prepare(
        'INSERT INTO "villages" ("id", "slug", "name", "status", "created_at", "kode_wilayah", "kecamatan") ' +
          "VALUES (?, ?, ?, 'active', ?, ?, ?)",
      )
      // 15 kecamatan, each village with its own Kemendagri code (the regency's figures and open data group by them).
      for (const row of rows)
        insert.run(row.id, row.slug, row.name, new Date().toISOString(), kodeOf(row.index), kecamatanOf(row.index))
      registry.prepare('UPDATE "registry_version" SET "value" = "value" + 1 WHERE "id" = 1').run()
    })()
    registry.close()
    villages.push(...rows.map(({ id, slug }) => ({ id, slug })))
    return (Date.now() - at) / 1000
  }
  log(`cloning ${count - villages.length} village(s) from ${template.slug}...`)
  const cloneSeconds = cloneUpTo(count)
  const databaseKB = fs.statSync(templateFile).size / 1024

  // ---- 2. The single-village install on a copy of the same village.
  const singleDir = path.join(work, 'single')
  fs.mkdirSync(path.join(singleDir, 'data'), { recursive: true })
  fs.copyFileSync(templateFile, path.join(singleDir, 'data', 'bench.db'))
  linkTree(templateUploads, path.join(singleDir, 'uploads'))
  const singlePort = await freePort()
  const single = await startProcess(
    'server.mjs',
    serverEnv(singlePort, {
      DATABASE_URL: `file:${path.join(singleDir, 'data', 'bench.db')}`,
      UPLOADS_DIR: path.join(singleDir, 'uploads'),
      SEED_DEMO: '0',
      SITE_URL: `http://127.0.0.1:${singlePort}`,
    }),
    'listening on',
  )
  const singleSampler = sampler(single.pid, villagesDir)

  // ---- 3. The regency's server with the villages; cold first requests.
  log(`starting the regency's server with ${count} villages...`)
  regency = await startRegency()
  let samples = sampler(regency.child.pid, villagesDir)
  const hostOf = (village) => `${village.slug}.${REGENCY_HOST}`
  const order = bench.shuffled(villages)
  const cold = order.slice(-coldCount)
  const warmUp = order.slice(0, Math.min(3, order.length - coldCount))
  // A home page of each village must be its own (its name), and uncached (no X-Cache: HIT).
  const check = (answer, village, i) => {
    if (answer.status !== 200) throw new Error(`${hostOf(village)}: ${answer.status}`)
    if (answer.cache === 'HIT') throw new Error(`${hostOf(village)}: an uncached request answered from the cache`)
    const index = villages.indexOf(village)
    if (i === 0 && !answer.body.includes(nameOf(index))) throw new Error(`${hostOf(village)} did not show its name`)
  }
  // Both workers run every code path a few times first (one connection per request: the primary deals them out).
  const warm = async (port) => {
    for (let round = 0; round < (quick ? 4 : 20); round++)
      for (const village of warmUp)
        check(await get(port, hostOf(village), '/', { agent: false, headers: UNCACHED }), village)
  }
  await warm(regency.port)
  samples.phase('cold first requests')
  log(`timing the first request to ${cold.length} cold village(s)...`)
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const firsts = []
  const seconds = []
  const thirds = []
  for (const village of cold) {
    const times = []
    for (let i = 0; i < 3; i++) {
      const answer = await get(regency.port, hostOf(village), '/', { agent, headers: UNCACHED })
      check(answer, village, i)
      times.push(answer.ms)
    }
    firsts.push(times[0])
    seconds.push(times[1])
    thirds.push(times[2])
  }
  agent.destroy()
  const coldFigures = {
    villages: cold.length,
    first: { p50: median(firsts), max: Math.max(...firsts), min: Math.min(...firsts) },
    second: { p50: median(seconds), max: Math.max(...seconds) },
    warm: { p50: median(thirds), max: Math.max(...thirds) },
  }
  coldFigures.ratio = coldFigures.first.p50 / coldFigures.warm.p50
  coldFigures.maxRatio = coldFigures.first.max / coldFigures.warm.p50

  // ---- 3b. The regency's data (issue 40): the figures call, /data, /data/catalog.json and /berita, uncached and cached.
  samples.phase("the regency's data")
  log("timing the regency's data (figures, open data, portal news)...")
  const regencyData = await measureRegencyData(bench, regency.port, token, hostOf(warmUp[0] ?? order[0])).catch(
    (error) => {
      // The server's end of it (a crash, a signal), for the report.
      const { exitCode, signalCode } = regency.child
      throw new Error(
        `${error.message}\nthe regency's server (exit ${exitCode}, signal ${signalCode}) said last:\n` +
          regency.child.output().slice(-4000),
      )
    },
  )
  if (process.argv.includes('--only-regency-data')) {
    samples.stop()
    await stop(regency.child)
    await stop(single)
    const missed = regencyDataChecks(regencyData, count).filter(([, held]) => !held)
    console.log(
      [
        ...regencyDataReport(regencyData, count),
        '',
        `load average (1/5/15 min) before the run ${loadBefore}, after it ${loadAverage()}`,
        missed.length ? `missed: ${missed.map(([name]) => name).join('; ')}` : "the regency's data: every target holds",
      ].join('\n'),
    )
    if (missed.length && !quick) process.exitCode = 1
    return
  }

  // ---- 4. Uncached home pages: single install, one village of N, spread over N, single install again.
  const loadRun = (port, hosts) => load(`http://127.0.0.1:${port}`, ['/'], UNCACHED, { uncached: true, hosts })
  const runs = []
  const measure = async (name, port, hosts, phase) => {
    log(`loading: ${name} ...`)
    if (phase) samples.phase(phase)
    const run = { name, ...(await loadRun(port, hosts)) }
    if (phase) run.memory = samples.phase('between')
    runs.push(run)
    return run
  }
  const singleHost = `127.0.0.1:${singlePort}`
  singleSampler.phase('single village, loaded')
  const singleBefore = await measure('single-village install (no REGENCY_HOST), uncached /', singlePort, [singleHost])
  const one = await measure(
    `regency, one village of ${count}, uncached /`,
    regency.port,
    [hostOf(warmUp[0] ?? order[0])],
    `one village of ${count}, loaded`,
  )
  const spread = await measure(
    `regency, spread over all ${count} villages, uncached /`,
    regency.port,
    order.map(hostOf),
    `${count} villages, loaded`,
  )
  samples.stop()
  await stop(regency.child)
  const startSeconds = regency.startSeconds
  // The same spread with every village's database kept open (VILLAGE_HANDLES above N): what the handles' LRU costs.
  const allHandles = count + 16
  let spreadAll
  if (handles < count || quick) {
    log(`starting the regency's server again with VILLAGE_HANDLES=${allHandles}...`)
    regency = await startRegency({ VILLAGE_HANDLES: String(allHandles) })
    samples = sampler(regency.child.pid, villagesDir)
    // Every worker opens every village first (the primary deals the connections out in turn).
    await autocannon(`http://127.0.0.1:${regency.port}`, ['/'], {
      connections: settings.connections,
      amount: count * workers * 2,
      headers: UNCACHED,
      hosts: order.map(hostOf),
    })
    spreadAll = await measure(
      `regency, spread over all ${count} villages, VILLAGE_HANDLES=${allHandles}, uncached /`,
      regency.port,
      order.map(hostOf),
      `${count} villages, loaded, VILLAGE_HANDLES=${allHandles}`,
    )
    samples.stop()
    await stop(regency.child)
  }
  const singleAfter = await measure('single-village install, uncached / (again)', singlePort, [singleHost])
  const singleMemory = singleSampler.stop()
  await stop(single)
  const singleRps = (singleBefore.rps + singleAfter.rps) / 2
  spread.ratio = spread.rps / singleRps
  one.ratio = one.rps / singleRps
  if (spreadAll) spreadAll.ratio = spreadAll.rps / singleRps

  // ---- 6. M village databases, mostly idle.
  log(`cloning up to ${idleCount} village databases...`)
  const idleCloneSeconds = cloneUpTo(idleCount)
  const loadedMemory = spread.memory
  const oneMemory = one.memory
  log(`starting the regency's server with ${idleCount} villages...`)
  regency = await startRegency()
  const idleSamples = sampler(regency.child.pid, villagesDir)
  await new Promise((resolve) => setTimeout(resolve, 2000))
  const idleAfterStart = idleSamples.phase(`${idleCount} villages, some asked once`)
  // Its workers first run every code path (on villages left out of those asked, so those are cold).
  await warm(regency.port)
  const asked = bench
    .shuffled(villages)
    .filter((village) => !warmUp.includes(village))
    .slice(0, count)
  log(`asking ${asked.length} of the ${idleCount} villages once each...`)
  const askedRun = await autocannon(`http://127.0.0.1:${regency.port}`, ['/'], {
    // Four at a time; fewer when fewer are asked (autocannon takes no more connections than requests).
    connections: Math.min(4, asked.length),
    amount: asked.length,
    headers: UNCACHED,
    hosts: asked.map(hostOf),
    countCacheHits: true,
  })
  const idleAsked = idleSamples.stop()
  const idleStartSeconds = regency.startSeconds
  await stop(regency.child)
  const askedFigures = {
    villages: asked.length,
    p50: askedRun.latency.p50,
    p99: askedRun.latency.p99,
    errors: askedRun.errors + askedRun.timeouts + askedRun.non2xx + (askedRun.cacheHits ?? 0),
  }

  // ---- Report.
  const checks = [
    [
      `spread over ${count} villages (VILLAGE_HANDLES ${handles}) >= 80% of the single-village install (uncached /)`,
      spread.ratio >= 0.8,
    ],
    ...(spreadAll
      ? [
          [
            `spread over ${count} villages (VILLAGE_HANDLES ${allHandles}) >= 80% of the single-village install`,
            spreadAll.ratio >= 0.8,
          ],
        ]
      : []),
    ['cold first request p50 <= 3 x warm p50', coldFigures.ratio <= 3],
    ...regencyDataChecks(regencyData, count),
    ['no errors (uncached runs: no answer from the response cache)', runs.every((r) => r.errors === 0)],
    [`${asked.length} of ${idleCount} villages asked once: no errors`, askedFigures.errors === 0],
    [
      `villages open in one process <= VILLAGE_HANDLES + ${settings.connections} in use (VILLAGE_HANDLES ${handles})`,
      [oneMemory, loadedMemory, idleAfterStart, idleAsked].every(
        (m) => m.villagesOpen <= handles + settings.connections,
      ),
    ],
  ]
  const f = (n, d = 0) => (n === null || n === undefined || Number.isNaN(n) ? '-' : Number(n).toFixed(d))
  const pct = (ratio) => `${Math.round(ratio * 100)}%`
  const lines = []
  lines.push(
    `Balai Desa benchmark: many villages (REGENCY_HOST) (${quick ? 'QUICK: numbers mean nothing' : 'full'}; SQLite)`,
  )
  lines.push(
    `villages: ${count} of the demo size (${viaApi} created through POST /api/regency/villages, ` +
      `${perVillage.toFixed(2)} s each, ${count} that way ~${fixedS(perVillage * count)}; ` +
      `${count - viaApi} cloned from the first in ${cloneSeconds.toFixed(1)} s: a ${f(databaseKB)} KB database ` +
      `and ${uploadFiles} upload files each); ${idleCount} village databases for the idle figures`,
  )
  lines.push(
    `load: ${settings.connections} connections, ` +
      (settings.amount
        ? `${settings.amount} requests per run`
        : `${settings.warmup} s warm-up, ${settings.duration} s per run`) +
      `; every request uncached (Cookie: bench=1; an X-Cache: HIT counts as an error)`,
  )
  lines.push(
    `machine: ${os.cpus()[0]?.model ?? 'unknown cpu'} x ${os.cpus().length}, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GB RAM, ${os.platform()} ${os.release()}, node ${process.version}`,
  )
  lines.push(
    `server: ${workers} worker process(es) and the primary; VILLAGE_HANDLES ${handles}` +
      `${process.env.VILLAGE_HANDLES ? '' : ' (default)'}; ` +
      `start with ${count} villages ${startSeconds.toFixed(1)} s, ` +
      `with ${idleCount} ${idleStartSeconds.toFixed(1)} s (every village migrated and brought up)`,
  )
  lines.push(`load average (1/5/15 min) before the run ${loadBefore}, after it ${loadAverage()}`)
  lines.push('')
  lines.push(...regencyDataReport(regencyData, count))
  lines.push('')
  lines.push('| uncached / | req/s | p50 ms | p99 ms | errors | against the single-village install |')
  lines.push('|---|---:|---:|---:|---:|---:|')
  for (const run of runs)
    lines.push(
      `| ${run.name} | ${f(run.rps)} | ${f(run.p50, 1)} | ${f(run.p99, 1)} | ${run.errors} | ` +
        `${run.ratio === undefined ? '-' : pct(run.ratio)} |`,
    )
  lines.push('')
  lines.push(
    `| first request to a village (${coldFigures.villages} villages, one request at a time, idle server) | ` +
      'p50 ms | max ms | p50 against warm p50 |',
  )
  lines.push('|---|---:|---:|---:|')
  lines.push(
    `| cold: no worker opened it since the start | ${f(coldFigures.first.p50, 1)} | ${f(coldFigures.first.max, 1)} | ` +
      `${f(coldFigures.ratio, 2)} x (max ${f(coldFigures.maxRatio, 2)} x) |`,
  )
  lines.push(
    `| its second request | ${f(coldFigures.second.p50, 1)} | ${f(coldFigures.second.max, 1)} | ` +
      `${f(coldFigures.second.p50 / coldFigures.warm.p50, 2)} x |`,
  )
  lines.push(`| warm: its third request | ${f(coldFigures.warm.p50, 1)} | ${f(coldFigures.warm.max, 1)} | 1 x |`)
  lines.push('')
  lines.push(
    '| server processes (primary + workers), peak of the sums | RSS MB | largest process MB | open files | ' +
      'of which village database files | villages open in one process |',
  )
  lines.push('|---|---:|---:|---:|---:|---:|')
  const memoryRow = (name, m) =>
    lines.push(`| ${name} | ${f(m.rss)} | ${f(m.largest)} | ${m.fds} | ${m.villageFiles} | ${m.villagesOpen} |`)
  memoryRow('single-village install, loaded', singleMemory)
  memoryRow(`regency, one village of ${count}, loaded`, oneMemory)
  memoryRow(`regency, ${count} villages, loaded (spread)`, loadedMemory)
  if (spreadAll)
    memoryRow(`regency, ${count} villages, loaded (spread), VILLAGE_HANDLES=${allHandles}`, spreadAll.memory)
  memoryRow(`regency, ${idleCount} villages, idle after its start`, idleAfterStart)
  memoryRow(
    `regency, ${idleCount} villages, ${asked.length} of them asked once each ` +
      `(4 at a time: p50 ${f(askedFigures.p50, 1)} ms, p99 ${f(askedFigures.p99, 1)} ms)`,
    idleAsked,
  )
  lines.push('')
  const failed = checks.filter(([, pass]) => !pass)
  lines.push(
    `targets: ${checks.length - failed.length}/${checks.length} hold` +
      `${failed.length ? `; missed: ${failed.map(([name]) => name).join('; ')}` : ''}`,
  )
  lines.push(`(run took ${Math.round((Date.now() - started) / 1000)} s)`)
  console.log(lines.join('\n'))

  const jsonFile = option('--json')
  if (jsonFile)
    fs.writeFileSync(
      jsonFile,
      JSON.stringify(
        {
          villages: count,
          idleVillages: idleCount,
          handles,
          workers,
          apiSeconds,
          cloneSeconds,
          idleCloneSeconds,
          startSeconds,
          idleStartSeconds,
          runs,
          cold: coldFigures,
          memory: {
            single: singleMemory,
            one: oneMemory,
            loaded: loadedMemory,
            loadedAllHandles: spreadAll?.memory,
            idleAfterStart,
            idleAsked,
          },
          asked: askedFigures,
          checks,
        },
        null,
        2,
      ),
    )
  if (!quick && failed.length) process.exitCode = 1
}

const fixedS = (seconds) => (seconds >= 120 ? `${(seconds / 60).toFixed(1)} min` : `${seconds.toFixed(0)} s`)

function countFiles(dir) {
  if (!fs.existsSync(dir)) return 0
  let total = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }))
    total += entry.isDirectory() ? countFiles(path.join(dir, entry.name)) : entry.isFile() ? 1 : 0
  return total
}
