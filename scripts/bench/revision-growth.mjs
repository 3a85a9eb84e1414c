// How much the database grows when one article is edited many times
// (docs/decisions/053-revisions-and-preview-links.md): a fresh SQLite database, the production server of ./build (or
// BUILD_DIR), a 20 KB post, then `EDITS` updates through the admin API (each changes its first words), and the
// database file's size before and after (WAL checkpointed).
//   node scripts/bench/revision-growth.mjs            (EDITS=1000 by default)
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { migrate } from '../migrate.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const EDITS = Number(process.env.EDITS ?? 1000)
const ARTICLE_BYTES = 20 * 1024

const port = await new Promise((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address()
    probe.close(() => resolve(port))
  })
})
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-revision-growth-'))
const dbFile = path.join(dir, 'data', 'growth.db')
const url = `http://127.0.0.1:${port}`
await migrate({ ...process.env, DATABASE_URL: `file:${dbFile}` })
const server = spawn(process.execPath, ['server.mjs'], {
  cwd: root,
  stdio: 'ignore',
  env: {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    BUILD_DIR: process.env.BUILD_DIR ?? path.join(root, 'build'),
    DATABASE_URL: `file:${dbFile}`,
    UPLOADS_DIR: path.join(dir, 'uploads'),
    PORT: String(port),
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    SITE_URL: url,
    LOG_REQUESTS: '0',
    WEB_CONCURRENCY: '1',
  },
})

async function call(method, address, body, token) {
  const response = await fetch(url + address, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body && JSON.stringify(body),
  })
  const answer = await response.json()
  if (!response.ok) throw new Error(`${method} ${address}: ${response.status} ${JSON.stringify(answer)}`)
  return answer.data
}

/** The database's size in bytes, its write-ahead log folded in (a second connection; the server keeps running). */
function databaseBytes() {
  const db = new Database(dbFile)
  db.pragma('wal_checkpoint(TRUNCATE)')
  const { pages } = db
    .prepare('SELECT page_count * page_size AS pages FROM pragma_page_count(), pragma_page_size()')
    .get()
  const revisions = db
    .prepare('SELECT COUNT(*) AS count, COALESCE(SUM(LENGTH(fields)), 0) AS bytes FROM revisions')
    .get()
  db.close()
  return { file: pages, revisions }
}

try {
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break
    } catch {
      if (tries > 600) throw new Error('the server did not start')
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  const token = (await call('POST', '/api/login', { username: 'admin', password: 'password' })).token
  const category = await call('POST', '/api/admin/categories', { name: 'Berita' }, token)
  const paragraph = '<p>Warga Desa bergotong royong membersihkan saluran air dan jalan kampung setiap Minggu pagi.</p>'
  const content = paragraph.repeat(Math.ceil(ARTICLE_BYTES / paragraph.length)).slice(0, ARTICLE_BYTES - 4) + '</p>'
  const input = { title: 'Artikel 20 KB', content, category_id: category.id }
  const post = await call('POST', '/api/admin/posts', input, token)
  const before = databaseBytes()
  const started = Date.now()
  for (let edit = 1; edit <= EDITS; edit++)
    await call('PUT', `/api/admin/posts/${post.id}`, { ...input, content: `<p>Suntingan ${edit}</p>${content}` }, token)
  const seconds = (Date.now() - started) / 1000
  const after = databaseBytes()
  const mb = (bytes) => (bytes / 1024 / 1024).toFixed(2)
  console.log(
    JSON.stringify(
      {
        edits: EDITS,
        article_bytes: content.length,
        database_before_mb: mb(before.file),
        database_after_mb: mb(after.file),
        growth_mb: mb(after.file - before.file),
        revisions_kept: after.revisions.count,
        revision_fields_mb: mb(after.revisions.bytes),
        edits_per_second: Math.round(EDITS / seconds),
      },
      null,
      2,
    ),
  )
} finally {
  server.kill('SIGTERM')
  await new Promise((resolve) => server.once('exit', resolve))
  fs.rmSync(dir, { recursive: true, force: true })
}
