import crypto from 'node:crypto'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storageFromEnv } from '#core/storage.mjs'
import { api, clientAddress } from '../support/api'
import { runScript } from '../support/s3'
import { createEmptyDatabase, ensureTemplateDb, onPostgres, startServer, type TestServer } from '../support/server'

// STORAGE=s3 against a local S3-protocol server (s3rver) with the real @aws-sdk/client-s3 client.

const BUCKET = 'balai-uji'
let s3server: S3rver
let work: string
let s3env: Record<string, string>
let client: S3Client

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-s3-'))
  s3server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: path.join(work, 's3'),
    silent: true,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  })
  const { port } = (await s3server.run()) as AddressInfo
  s3env = {
    STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_BUCKET: BUCKET,
    // s3rver's fixed development credentials.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  }
  client = new S3Client({
    region: 'us-east-1',
    endpoint: s3env.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  })
}, 60_000)

afterAll(async () => {
  await s3server?.close()
  client?.destroy()
  if (work) fs.rmSync(work, { recursive: true, force: true })
})

async function keys(prefix: string) {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }))
  return (listed.Contents ?? []).map((object) => object.Key!).sort()
}

const sha = (buffer: Buffer | Uint8Array) => crypto.createHash('sha256').update(buffer).digest('hex')

describe.skipIf(onPostgres())('uploads in an S3-compatible bucket (STORAGE=s3)', () => {
  let server: TestServer
  let token: string
  beforeAll(async () => {
    // The demo village is seeded straight into the bucket.
    server = await startServer({ env: s3env })
    token = (
      await api('POST', '/api/login', {
        base: server.url,
        json: { username: 'admin', password: 'password' },
        headers: { 'X-Forwarded-For': clientAddress() },
      })
    ).body.data.token
  }, 120_000)
  afterAll(async () => {
    await server?.stop()
    if (server && !process.env.KEEP_TEST_DATA) fs.rmSync(server.dir, { recursive: true, force: true })
  })

  it('seeds, stores and removes every upload and its width copies in the bucket, never on disk', async () => {
    expect((await keys('sliders/')).length).toBeGreaterThan(0)
    const form = new FormData()
    form.append('caption', 'Foto di ember')
    form.append(
      'image',
      new Blob(
        [
          new Uint8Array(
            await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2a6' } })
              .jpeg()
              .toBuffer(),
          ),
        ],
        { type: 'image/jpeg' },
      ),
      'ember.jpg',
    )
    const created = await api('POST', '/api/admin/photos', { base: server.url, token, form })
    expect(created.status, created.text).toBe(201)
    const stem = created.body.data.image.replace(/\.jpg$/, '')
    const stored = (await keys('photos/')).filter((key) => key.includes(stem))
    expect(stored).toContain(`photos/${created.body.data.image}`)
    expect(stored.filter((key) => key.endsWith('.webp')).length).toBeGreaterThan(0)
    expect(fs.existsSync(path.join(server.uploadsDir, 'photos', created.body.data.image))).toBe(false)

    expect((await api('DELETE', `/api/admin/photos/${created.body.data.id}`, { base: server.url, token })).status).toBe(
      200,
    )
    expect((await keys('photos/')).filter((key) => key.includes(stem))).toEqual([])
  })

  it('serves /uploads/* from the bucket with the same headers, ETags and 404s as from disk', async () => {
    const [key] = await keys('posts/')
    const name = key.slice('posts/'.length)
    const response = await fetch(`${server.url}/uploads/posts/${name}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe(name.endsWith('.webp') ? 'image/webp' : 'image/jpeg')
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    const body = Buffer.from(await response.arrayBuffer())
    const original = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }))
    expect(sha(body)).toBe(sha(await original.Body!.transformToByteArray()))
    const etag = response.headers.get('etag')
    expect(etag).toBeTruthy()
    expect((await fetch(`${server.url}/uploads/posts/${name}`, { headers: { 'If-None-Match': etag! } })).status).toBe(
      304,
    )
    const head = await fetch(`${server.url}/uploads/posts/${name}`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(Number(head.headers.get('content-length'))).toBe(body.length)
    expect((await fetch(`${server.url}/uploads/posts/${'0'.repeat(32)}.jpg`)).status).toBe(404)
  })

  it("gives the RSS enclosure the bucket object's real length and type", async () => {
    const feed = await (await fetch(`${server.url}/rss.xml`)).text()
    const enclosures = [
      ...feed.matchAll(/<enclosure url="[^"]*\/uploads\/posts\/([^"]+)" length="(\d+)" type="([^"]+)"\/>/g),
    ]
    expect(enclosures.length).toBeGreaterThan(0)
    for (const [, name, length, type] of enclosures) {
      const object = await client.send(
        new HeadObjectCommand({ Bucket: BUCKET, Key: `posts/${decodeURIComponent(name)}` }),
      )
      expect({ length: Number(length), type }).toEqual({ length: object.ContentLength, type: object.ContentType })
    }
  })

  it('backs up the bucket and restores it into another', async () => {
    const archive = path.join(work, 'backup.tar.gz')
    const env = { ...process.env, ...s3env, DATABASE_URL: server.databaseUrl, UPLOADS_DIR: server.uploadsDir }
    const backup = await runScript(['scripts/backup.mjs', '--out', archive], env)
    expect(backup.status, backup.stderr).toBe(0)
    const target = await createEmptyDatabase(path.join(work, 'restored'))
    const restore = await runScript(['scripts/restore.mjs', archive], {
      ...env,
      DATABASE_URL: target.databaseUrl,
      S3_BUCKET: 'balai-pulih',
    })
    // The second bucket does not exist yet: the restore stops before it touches anything.
    expect(restore.status).not.toBe(0)
    expect(fs.existsSync(target.dbFile)).toBe(false)
    await s3server.close()
    s3server = new S3rver({
      address: '127.0.0.1',
      port: Number(new URL(s3env.S3_ENDPOINT).port),
      directory: path.join(work, 's3'),
      silent: true,
      configureBuckets: [
        { name: BUCKET, configs: [] },
        { name: 'balai-pulih', configs: [] },
      ],
    })
    await s3server.run()
    const again = await runScript(['scripts/restore.mjs', archive], {
      ...env,
      DATABASE_URL: target.databaseUrl,
      S3_BUCKET: 'balai-pulih',
    })
    expect(again.status, again.stderr).toBe(0)
    const listedBack = await client.send(new ListObjectsV2Command({ Bucket: 'balai-pulih', Prefix: 'posts/' }))
    expect((listedBack.Contents ?? []).map((object) => object.Key).sort()).toEqual(await keys('posts/'))
  }, 120_000)
})

describe.skipIf(onPostgres())('a second name in the bucket (the renaming of older pictures, decision 018)', () => {
  it('copies an object under another name inside the bucket, and says when there is nothing to copy', async () => {
    const storage = storageFromEnv({ ...process.env, ...s3env })
    const source = path.join(work, 'alias-source.jpg')
    fs.writeFileSync(
      source,
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#2a7' } })
        .jpeg()
        .toBuffer(),
    )
    await storage.put('photos', 'aa'.repeat(16) + '.jpg', source)
    expect(await storage.alias('photos', 'aa'.repeat(16) + '.jpg', 'aa'.repeat(16) + '-8x8.jpg')).toBe(true)
    expect(sha((await storage.read('photos', 'aa'.repeat(16) + '-8x8.jpg'))!)).toBe(sha(fs.readFileSync(source)))
    expect(await storage.alias('photos', 'bb'.repeat(16) + '.jpg', 'bb'.repeat(16) + '-8x8.jpg')).toBe(false)
    await storage.remove('photos', 'aa'.repeat(16) + '.jpg')
    await storage.remove('photos', 'aa'.repeat(16) + '-8x8.jpg')
  })
})

describe.skipIf(!onPostgres())('npm run migrate-data -- --to postgresql://... --storage s3', () => {
  const servers: TestServer[] = []
  afterAll(async () => {
    for (const server of servers) {
      await server.stop()
      if (!process.env.KEEP_TEST_DATA) fs.rmSync(server.dir, { recursive: true, force: true })
    }
  })

  it(
    'moves a SQLite village, rows and uploads, into PostgreSQL and the bucket, ' + 'and the site runs on them',
    async () => {
      // A SQLite village with the demo content, made by the server itself.
      const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-sqlite-source-'))
      const sqliteFile = path.join(sqliteDir, 'data', 'test.db')
      fs.mkdirSync(path.dirname(sqliteFile), { recursive: true })
      fs.copyFileSync(await ensureTemplateDb(), sqliteFile)
      const source = await startServer({ dir: sqliteDir, fresh: false, env: { DATABASE_URL: `file:${sqliteFile}` } })
      servers.push(source)
      const before = await api('GET', '/api/public/posts?limit=100', { base: source.url })
      await source.stop()

      const targetDir = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-pg-target-'))
      const target = await createEmptyDatabase(targetDir)
      const env = {
        ...process.env,
        ...s3env,
        DATABASE_URL: `file:${sqliteFile}`,
        UPLOADS_DIR: path.join(sqliteDir, 'uploads'),
      }
      const migrated = await runScript(['scripts/migrate-data.mjs', '--to', target.databaseUrl, '--storage', 's3'], env)
      expect(migrated.status, migrated.stdout + migrated.stderr).toBe(0)
      expect(migrated.stdout).toMatch(/rows in \d+ tables copied and counted/)
      expect(migrated.stdout).toMatch(/\d+ upload files copied to s3:\/\/balai-uji/)
      // Nothing twice: a second run into the now filled database is refused.
      const again = await runScript(['scripts/migrate-data.mjs', '--to', target.databaseUrl, '--storage', 's3'], env)
      expect(again.status).not.toBe(0)
      expect(again.stderr).toContain('already holds a site')

      const moved = await startServer({ dir: targetDir, fresh: false, env: s3env })
      servers.push(moved)
      const after = await api('GET', '/api/public/posts?limit=100', { base: moved.url })
      expect(after.body.data.total).toBe(before.body.data.total)
      expect(after.body.data.data).toEqual(before.body.data.data)
      const image = after.body.data.data[0].image
      const file = await fetch(`${moved.url}/uploads/posts/${image}`)
      expect(file.status).toBe(200)
      expect(sha(Buffer.from(await file.arrayBuffer()))).toBe(
        sha(fs.readFileSync(path.join(sqliteDir, 'uploads', 'posts', image))),
      )
      // New rows continue after the copied ids.
      const token = (
        await api('POST', '/api/login', {
          base: moved.url,
          json: { username: 'admin', password: 'password' },
          headers: { 'X-Forwarded-For': clientAddress() },
        })
      ).body.data.token
      const created = await api('POST', '/api/admin/categories', {
        base: moved.url,
        token,
        json: { name: 'Setelah Pindah' },
      })
      expect(created.status, created.text).toBe(201)
      fs.rmSync(sqliteDir, { recursive: true, force: true })
    },
    240_000,
  )
})
