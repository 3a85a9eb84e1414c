import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { BUILD_DIR, ROOT } from '../support/server'

/**
 * Runs the benchmark's quick mode as README.md and docs/performance.md give it, on the production build the test run
 * made (`--build`: building it again would double the suite's longest step); resolves with its exit code and output.
 */
function runQuickBench(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // Nothing of the test run's database leaks in: only what a shell on a fresh clone has, and the build.
    const { BUILD_DIR: _build, DATABASE_URL: _database, UPLOADS_DIR: _uploads, ...env } = process.env
    const child = spawn('npm', ['run', 'bench', '--', '--quick', '--build', BUILD_DIR], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

describe('npm run bench -- --quick', () => {
  it('builds a village, loads the site and the floor, and prints the table', async () => {
    const { code, stdout, stderr } = await runQuickBench()
    expect(code, `${stdout}\n${stderr}`).toBe(0)
    expect(stderr).not.toContain("floor's JSON differs")
    expect(stdout).toContain(
      '| target | req/s | p50 ms | p99 ms | uncached req/s | p50 ms | p99 ms | errors | floor req/s | ratio | ' +
        'uncached ratio |',
    )
    const rows = stdout.split('\n').filter((line) => /^\| \/(?!--)/.test(line))
    const cells = (row: string) =>
      row
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim())
    const slug = /^\/posts\/[a-z0-9-]+$/
    expect(rows.map((row) => cells(row)[0])).toEqual([
      '/',
      expect.stringMatching(/^\/posts\?page=\d+$/),
      '/posts?search=panen',
      expect.stringMatching(slug),
      expect.stringMatching(/^\/api\/public\/posts\?page=\d+$/),
      '/api/public/posts?search=panen',
      '/api/public/posts_home',
      '/api/public/products?search=kopi',
      expect.stringMatching(/^\/api\/public\/posts\/[a-z0-9-]+$/),
      '/api/admin/posts (token)',
      expect.stringMatching(/^\/dokumen\?page=\d+$/),
      expect.stringMatching(/^\/uploads\/posts\/[a-f0-9]{32}[-\dx]*\.jpg$/),
      expect.stringMatching(/^\/apbdes\/\d{4}$/),
      expect.stringMatching(/^\/pembangunan\?page=\d+$/),
      '/?fbclid=<random>',
      expect.stringMatching(/^\/posts\/[a-z0-9-]+\?utm_source=<random>$/),
      // Village information (issue 24): measured against the uncached rows of the same run, and the banner's cost.
      '/agenda',
      expect.stringMatching(/^\/statistik\/[a-z0-9-]+$/),
      '/cari?q=panen',
      // Layanan Surat (issue 37): the types' page and a letter's verification, against the uncached news list.
      '/layanan/surat',
      '/verifikasi/<code>',
      // Peta Desa (issue 39): a layer of many points and the map page; the PPID cycle (issue 38): the DIP and a report.
      expect.stringMatching(/^\/api\/public\/map\/layers\/[a-z0-9-]+\.geojson$/),
      '/peta',
      expect.stringMatching(/^\/ppid\/daftar-informasi\?page=\d+$/),
      expect.stringMatching(/^\/ppid\/laporan\/\d{4}$/),
      '/ (banner showing)',
      expect.stringMatching(/^\/posts\?page=\d+ \(banner showing\)$/),
    ])
    for (const row of rows) {
      const [target, rps, , , uncached, , , errors, floor, ratio, uncachedRatio] = cells(row)
      // Every run answered without an error; in an uncached run an answer from the response cache (X-Cache: HIT) is
      // one, so a change that let the cache answer those runs fails here.
      expect(Number(errors), row).toBe(0)
      expect(Number(rps), row).toBeGreaterThan(0)
      // Pages, searches and posts are also loaded uncached, next to a floor that was asked the same.
      if (/^\/(posts|api\/public\/|$)/.test(target) && !/<random>|banner|\.geojson$/.test(target)) {
        expect(Number(uncached), row).toBeGreaterThan(0)
        expect(Number(floor), row).toBeGreaterThan(0)
        expect(ratio, row).toMatch(/^\d+%$/)
        expect(uncachedRatio, row).toMatch(/^\d+%$/)
      }
      // Tracking parameters are measured against the plain address.
      if (target.includes('<random>')) expect(ratio, row).toMatch(/^\d+% of \//)
      // The village information's pages are loaded uncached too, each held to the uncached rate of the news list (or
      // of its search, for /cari) of the same run.
      if (
        /^\/(dokumen|apbdes|pembangunan|agenda|statistik|cari|layanan\/surat|verifikasi|peta|ppid)|\.geojson$/.test(
          target,
        )
      ) {
        expect(Number(uncached), row).toBeGreaterThan(0)
        expect(ratio, row).toMatch(/^uncached \d+% of \/posts\?(page|search)=\S+ uncached$/)
      }
      if (target.includes('(banner showing)')) expect(ratio, row).toMatch(/^\d+% of the same without a banner/)
    }
    expect(stdout).toMatch(
      /issuing a letter \(POST \/api\/admin\/letters, PDF included\), 10 one after another: p50 \d+ ms, p95 \d+ ms/,
    )
    expect(stdout).toMatch(/server peak memory \(RSS\): \d+ MB/)
    expect(stdout).toMatch(
      /home page weight, large village: HTML [\d.]+ KB \+ JS [\d.]+ KB \+ CSS [\d.]+ KB \(gzipped\) \+ \d+ images [\d.]+ KB = [\d.]+ KB/,
    )
    expect(stdout).toMatch(/targets: \d+\/\d+ hold/)
  }, 300_000)
})
