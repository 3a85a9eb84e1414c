/**
 * `npm run bench:download`: shows that a document's download streams (docs/performance.md, "Document downloads").
 * Starts the built server on a fresh SQLite village (one process, no demo), uploads PDFs of 1 MB and 20 MB, then
 * downloads each from /dokumen/{slug}/unduh while reading the server's resident memory every 5 ms; the peak above
 * the resting memory before the download is what the download cost. A streaming download costs the same for both
 * sizes; a download that read the file whole would cost its size. Needs a build (`npm run build`) and Linux (/proc).
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { tinyPdf } from '../../app/lib/tiny-pdf'
import { freePort } from '../../tests/support/server'

const ROOT = path.resolve(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), '../..')

const residentMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-download-'))
  const databaseUrl = `file:${path.join(dir, 'data', 'bench.db')}`
  fs.mkdirSync(path.join(dir, 'data'))
  const { migrate } = await import(path.join(ROOT, 'scripts/migrate.mjs'))
  await migrate({ ...process.env, DATABASE_URL: databaseUrl })
  const port = await freePort()
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: ROOT,
    env: {
      NODE_ENV: 'production',
      PATH: process.env.PATH,
      DATABASE_URL: databaseUrl,
      UPLOADS_DIR: path.join(dir, 'uploads'),
      PORT: String(port),
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
      WEB_CONCURRENCY: '1',
      SEED_DEMO: 'false',
      LOG_REQUESTS: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve) =>
    child.stdout!.on('data', (chunk: Buffer) => String(chunk).includes('listening') && resolve()),
  )
  const base = `http://127.0.0.1:${port}`
  try {
    const login = await (
      await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'password' }),
      })
    ).json()
    const token = login.data.token
    const rows: string[] = []
    for (const megabytes of [1, 20]) {
      const pdf = tinyPdf({ pages: [[`Berkas ${megabytes} MB`]], padding: megabytes * 1024 * 1024 - 2048 })
      const form = new FormData()
      form.set('title', `Unduhan ${megabytes} MB ${Date.now()}`)
      form.set('kind', 'laporan')
      form.set('information_class', 'berkala')
      form.set('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'besar.pdf')
      const created = await (
        await fetch(`${base}/api/admin/documents`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}` },
          body: form,
        })
      ).json()
      if (!created.success) throw new Error(JSON.stringify(created))
      // Let the upload's garbage go before the resting measure.
      await new Promise((resolve) => setTimeout(resolve, 2000))
      const resting = residentMb(child.pid!)
      let peak = resting
      const sampler = setInterval(() => (peak = Math.max(peak, residentMb(child.pid!))), 5)
      const response = await fetch(`${base}/dokumen/${created.data.slug}/unduh`)
      let bytes = 0
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length
      clearInterval(sampler)
      peak = Math.max(peak, residentMb(child.pid!))
      if (bytes !== pdf.length) throw new Error(`downloaded ${bytes} bytes of ${pdf.length}`)
      rows.push(
        `| ${(pdf.length / 1024 / 1024).toFixed(1)} MB | ${resting.toFixed(0)} MB | ${peak.toFixed(0)} MB | ` +
          `${(peak - resting).toFixed(1)} MB |`,
      )
    }
    console.log('| PDF | server RSS before | peak RSS during the download | growth |')
    console.log('|---|---:|---:|---:|')
    for (const row of rows) console.log(row)
  } finally {
    child.kill('SIGTERM')
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
