// `npm run bench -- --compare name=DIR,name=DIR...`: two or more versions of the server on this machine, in one
// session, their rounds interleaved, so that a drift of a shared machine's speed weighs on each alike. How every
// before/after figure of docs/performance.md since issue 36 is made. scripts/bench.mjs calls `runCompare` with its
// helpers when `--compare` is given:
//   node scripts/bench.mjs --compare before=/tmp/v/before,after=.          full run: 3 rounds, 8 s per run
//   node scripts/bench.mjs --compare a=DIR,b=DIR --quick                     small village, short runs: proves it works
//   --rounds R          rounds (default 3; quick 1)
//   --only REGEX        only the targets whose address matches
//   --json FILE         also write the results as JSON
// A DIR is a project folder (a checkout of a commit: its server.mjs, server/, core/ and a node_modules, a link to this
// project's is enough) holding its production build in `DIR/build` (`npm run build` there); `name=DIR:BUILD` names
// another build folder. Every version is started (WEB_CONCURRENCY as for the bench) on one copy of the bench village
// each (the same village), and asked what the bench's uncached rows ask: a cookie (which the response cache never
// answers; an `X-Cache: HIT` counts as an error) and a different address each time where the route reads one. Each
// round loads every target on every version in turn (a 2 s warm-up, then the measured run), the order of the versions
// turned by one each round. The ratios are against the first version named: the sum of its rounds' rates against the
// sum of the other's.
import fs from 'node:fs'
import path from 'node:path'
import { generateVillage } from './generate.mjs'

const UNCACHED = { Cookie: 'bench=1' }

/** CPU time (user + system, ms) of a process and every process under it (the primary and its workers), from /proc. */
function cpuMs(pid) {
  const all = [pid]
  let ticks = 0
  for (let at = 0; at < all.length; at++) {
    try {
      const stat = fs.readFileSync(`/proc/${all[at]}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      ticks += Number(fields[11]) + Number(fields[12])
      for (const task of fs.readdirSync(`/proc/${all[at]}/task`)) {
        const children = fs.readFileSync(`/proc/${all[at]}/task/${task}/children`, 'utf8').trim()
        if (children) all.push(...children.split(/\s+/).map(Number))
      }
    } catch {
      // the process ended meanwhile
    }
  }
  // Linux counts in clock ticks of 10 ms (USER_HZ 100).
  return ticks * 10
}

export async function runCompare(bench) {
  const { option, quick, settings, work, log, startProcess, stop, freePort, autocannon, loadAverage, shuffled } = bench
  const started = Date.now()
  const loadBefore = loadAverage()
  const versions = option('--compare')
    .split(',')
    .map((spec) => {
      const [name, place] = spec.split('=')
      if (!name || !place) throw new Error(`--compare takes name=DIR[,name=DIR...], not ${spec}`)
      const [dir, buildDir] = place.split(':')
      const root = path.resolve(dir)
      const build = path.resolve(root, buildDir ?? 'build')
      if (!fs.existsSync(path.join(root, 'server.mjs'))) throw new Error(`${root} holds no server.mjs`)
      if (!fs.existsSync(path.join(build, 'server/index.js'))) throw new Error(`${build} holds no production build`)
      return { name, root, build }
    })
  if (versions.length < 2) throw new Error('--compare needs two versions or more')
  const rounds = Number(option('--rounds') ?? (quick ? 1 : 3))
  const duration = quick ? undefined : Number(option('--seconds') ?? 8)
  const warmup = quick ? 0 : 2

  const serverEnv = (version, dir, port, extra = {}) => ({
    NODE_ENV: 'production',
    BUILD_DIR: version.build,
    DATABASE_URL: `file:${path.join(dir, 'data', 'bench.db')}`,
    UPLOADS_DIR: path.join(dir, 'uploads'),
    PORT: String(port),
    JWT_SECRET: bench.JWT_SECRET,
    SITE_NAME: 'Desa Uji Coba',
    SITE_URL: `http://127.0.0.1:${port}`,
    LOG_REQUESTS: '0',
    ...(process.env.WEB_CONCURRENCY ? { WEB_CONCURRENCY: process.env.WEB_CONCURRENCY } : {}),
    ...extra,
  })
  const startVersion = async (version, dir, extra) => {
    const port = await freePort()
    const child = await startProcess('server.mjs', serverEnv(version, dir, port, extra), 'listening on', 120_000, {
      cwd: version.root,
    })
    return { child, url: `http://127.0.0.1:${port}` }
  }

  // ---- The village: seeded by the first version's server (its migrations), generated once, copied per version.
  log('seeding and generating the village...')
  const village = path.join(work, 'village')
  fs.mkdirSync(path.join(village, 'uploads'), { recursive: true })
  fs.mkdirSync(path.join(village, 'data'), { recursive: true })
  const { migrate } = await import('../migrate.mjs')
  const dbFile = path.join(village, 'data', 'bench.db')
  await migrate({ ...process.env, DATABASE_URL: `file:${dbFile}` })
  await stop((await startVersion(versions[0], village, { SEED_DEMO: '0' })).child)
  const generated = await generateVillage({
    dbFile,
    uploadsDir: path.join(village, 'uploads'),
    counts: settings.counts,
  })
  const Database = (await import('better-sqlite3')).default
  const db = new Database(dbFile)
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  for (const version of versions) {
    const dir = path.join(work, `version-${version.name}`)
    fs.mkdirSync(path.join(dir, 'data'), { recursive: true })
    fs.copyFileSync(dbFile, path.join(dir, 'data', 'bench.db'))
    fs.symlinkSync(path.join(village, 'uploads'), path.join(dir, 'uploads'))
    log(`starting ${version.name} (${version.root})...`)
    version.site = await startVersion(version, dir)
  }

  const page = Math.min(37, Math.ceil(settings.counts.posts / 9))
  const pageNumbers = shuffled(Array.from({ length: Math.ceil(settings.counts.posts / 9) }, (_, i) => i + 1))
  const slugs = shuffled(generated.postSlugs)
  const targets = [
    { target: '/', paths: ['/'] },
    { target: `/posts?page=${page}`, paths: pageNumbers.map((n) => `/posts?page=${n}`) },
    { target: '/posts/{slug}', paths: slugs.map((slug) => `/posts/${slug}`) },
    { target: `/api/public/posts?page=${page}`, paths: pageNumbers.map((n) => `/api/public/posts?page=${n}`) },
    { target: '/api/public/posts/{slug}', paths: slugs.map((slug) => `/api/public/posts/${slug}`) },
  ].filter((t) => !option('--only') || new RegExp(option('--only')).test(t.target))

  // Every version answers each target before any is measured (a 5xx would make a fast and meaningless run).
  for (const version of versions)
    for (const t of targets) {
      const response = await fetch(version.site.url + t.paths[0], { headers: UNCACHED })
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`${version.name} answers ${t.paths[0]} with ${response.status}`)
    }

  const runs = new Map(targets.map((t) => [t.target, new Map(versions.map((v) => [v.name, []]))]))
  for (let round = 0; round < rounds; round++) {
    for (const t of targets) {
      for (let turn = 0; turn < versions.length; turn++) {
        const version = versions[(turn + round) % versions.length]
        log(`round ${round + 1}/${rounds}: ${t.target} on ${version.name}`)
        const spec = { connections: settings.connections, headers: UNCACHED, countCacheHits: true }
        if (warmup) await autocannon(version.site.url, t.paths, { ...spec, duration: warmup })
        const cpuBefore = cpuMs(version.site.child.pid)
        const result = await autocannon(version.site.url, t.paths, { ...spec, duration, amount: settings.amount })
        const cpu = cpuMs(version.site.child.pid) - cpuBefore
        runs
          .get(t.target)
          .get(version.name)
          .push({
            rps: result.requests.total / Math.max(result.duration, 0.001),
            cpuMs: cpu / Math.max(result.requests.total, 1),
            p50: result.latency.p50,
            errors: result.errors + result.timeouts + result.non2xx + (result.cacheHits ?? 0),
          })
      }
    }
  }
  for (const version of versions) await stop(version.site.child)

  const fixed = (n) => Number(n).toFixed(0)
  const lines = []
  lines.push(
    `Balai Desa benchmark: versions compared in one session (${quick ? 'QUICK: numbers mean nothing' : 'full'}; SQLite)`,
  )
  lines.push(
    `village: ${Object.entries(settings.counts)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')}; ${settings.connections} connections, uncached (cookie), ${rounds} round(s) of ` +
      (settings.amount ? `${settings.amount} requests` : `${warmup} s warm-up + ${duration} s`) +
      ' per target and version, the versions interleaved',
  )
  lines.push(`versions: ${versions.map((v) => `${v.name} = ${v.root}`).join('; ')}`)
  lines.push(`load average (1/5/15 min) before the run ${loadBefore}, after it ${loadAverage()}`)
  lines.push('')
  const [first, ...others] = versions
  const results = []
  for (const t of targets) {
    const byVersion = runs.get(t.target)
    const sum = (name, field) => byVersion.get(name).reduce((total, run) => total + run[field], 0)
    const least = (name) => Math.min(...byVersion.get(name).map((run) => run.cpuMs))
    const errors = [...byVersion.values()].flat().reduce((total, run) => total + run.errors, 0)
    results.push({
      target: t.target,
      runs: Object.fromEntries(byVersion),
      rpsRatios: others.map((v) => sum(v.name, 'rps') / sum(first.name, 'rps')),
      // Requests per CPU second, against the first version's: the least CPU per request of each one's rounds.
      cpuRatios: others.map((v) => least(first.name) / least(v.name)),
      errors,
    })
  }
  const table = (title, cell, ratios) => {
    lines.push(
      `| ${title} | ${versions.map((v) => v.name).join(' | ')} | ` +
        `${others.map((v) => `${v.name} / ${first.name}`).join(' | ')} | errors |`,
    )
    lines.push(`|---|${versions.map(() => '---:').join('|')}|${others.map(() => '---:').join('|')}|---:|`)
    for (const [index, t] of targets.entries()) {
      const byVersion = runs.get(t.target)
      const result = results[index]
      lines.push(
        `| ${t.target} | ${versions.map((v) => cell(byVersion.get(v.name))).join(' | ')} | ` +
          `${ratios(result)
            .map((r) => `${r.toFixed(2)}x`)
            .join(' | ')} | ${result.errors} |`,
      )
    }
    lines.push('')
  }
  table(
    'uncached req/s (each round)',
    (list) =>
      `${fixed(list.reduce((t, run) => t + run.rps, 0) / list.length)} (${list.map((run) => fixed(run.rps)).join(', ')})`,
    (result) => result.rpsRatios,
  )
  lines.push("Throughput per CPU second: the server processes' CPU time (/proc) per request, the least of the rounds;")
  lines.push(
    "the ratio is the first version's CPU per request over the other's (above 1: the other does more per second).",
  )
  lines.push('')
  table(
    'uncached CPU ms per request (each round)',
    (list) =>
      `${Math.min(...list.map((run) => run.cpuMs)).toFixed(2)} (${list.map((run) => run.cpuMs.toFixed(2)).join(', ')})`,
    (result) => result.cpuRatios,
  )
  lines.push(`(run took ${Math.round((Date.now() - started) / 1000)} s)`)
  console.log(lines.join('\n'))
  const jsonFile = option('--json')
  if (jsonFile)
    fs.writeFileSync(
      jsonFile,
      JSON.stringify({ versions: versions.map(({ name, root, build }) => ({ name, root, build })), results }, null, 2),
    )
  if (results.some((r) => r.errors > 0)) process.exitCode = 1
}
