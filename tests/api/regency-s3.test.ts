import fs from 'node:fs'
import path from 'node:path'
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { regencyClient } from '../support/regency'
import { runScript, startLocalS3, type LocalS3 } from '../support/s3'
import { startServer, type TestServer } from '../support/server'

vi.setConfig({ testTimeout: 180_000, hookTimeout: 240_000 })

/**
 * Many villages in one install with their uploads in an S3 bucket (STORAGE=s3, decision 055): each village's objects
 * under its own prefix (`villages/{id}/`, private ones under `private/villages/{id}/`), served at its own host only,
 * exported, imported, backed up and deleted with it. Against a local S3-protocol server (s3rver).
 */

const REGENCY = 'kab.test'
const BUCKET = 'balai-kabupaten'
let s3: LocalS3
let s3env: Record<string, string>
let client: S3Client
let server: TestServer
const { call, host, loginAt, newPost, newVillage } = regencyClient(() => server, REGENCY)

async function keys(prefix: string) {
  const found: string[] = []
  let ContinuationToken: string | undefined
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix, ContinuationToken }))
    found.push(...(page.Contents ?? []).map((object) => object.Key!))
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (ContinuationToken)
  return found.sort()
}

/** One of our scripts on this install (its database, uploads and bucket). */
const runInstallScript = (args: string[]) =>
  runScript(args, {
    ...process.env,
    ...s3env,
    DATABASE_URL: server.databaseUrl,
    UPLOADS_DIR: server.uploadsDir,
    REGENCY_HOST: REGENCY,
  })

describe('many villages in one install, their uploads in an S3 bucket', () => {
  let regencyToken: string
  let a: Awaited<ReturnType<typeof newVillage>>
  let b: Awaited<ReturnType<typeof newVillage>>

  beforeAll(async () => {
    s3 = await startLocalS3([BUCKET])
    s3env = { ...s3.env, S3_FORCE_PATH_STYLE: 'true' }
    client = s3.client
    server = await startServer({ env: { ...s3env, REGENCY_HOST: REGENCY, TRUST_PROXY: '0', SITE_URL: undefined } })
    regencyToken = await loginAt(REGENCY, 'kabupaten', 'password')
    a = await newVillage(regencyToken, 'sukamaju', 'Desa Sukamaju', { demo: true })
    b = await newVillage(regencyToken, 'mekarsari', 'Desa Mekarsari')
  })

  afterAll(async () => {
    await server?.stop()
    await s3?.close()
    if (server && !process.env.KEEP_TEST_DATA) fs.rmSync(server.dir, { recursive: true, force: true })
  })

  it("keeps each village's uploads under its own prefix, served at its own host only", async () => {
    // The demo village was seeded straight into its prefix, public and private kinds apart; nothing on disk.
    const ofA = await keys(`villages/${a.village.id}/`)
    expect(ofA.length).toBeGreaterThan(10)
    expect(ofA.some((key) => key.startsWith(`villages/${a.village.id}/posts/`))).toBe(true)
    expect((await keys(`private/villages/${a.village.id}/`)).length).toBeGreaterThan(0)
    expect(await keys('posts/')).toEqual([])
    expect(fs.existsSync(path.join(server.uploadsDir, 'villages', a.village.id, 'posts'))).toBe(false)

    const post = await newPost(host('mekarsari'), b.token, 'Panen Raya Mekarsari', true)
    expect(await keys(`villages/${b.village.id}/posts/`)).toContain(`villages/${b.village.id}/posts/${post.image}`)
    const picture = `/uploads/posts/${post.image}`
    expect((await call(host('mekarsari'), 'GET', picture)).status).toBe(200)
    expect((await call(host('sukamaju'), 'GET', picture)).status).toBe(404)
    const [ofAPost] = (await call(host('sukamaju'), 'GET', '/api/public/posts?limit=1')).body.data.data
    expect((await call(host('sukamaju'), 'GET', `/uploads/posts/${ofAPost.image}`)).status).toBe(200)
    expect((await call(host('mekarsari'), 'GET', `/uploads/posts/${ofAPost.image}`)).status).toBe(404)
  })

  it('exports a village with its objects, imports it under a prefix of its own, and deletes every object', async () => {
    const exported = await call(REGENCY, 'GET', `/api/regency/villages/${a.village.id}/export`, {
      token: regencyToken,
      raw: true,
    })
    expect(exported.status).toBe(200)
    const form = new FormData()
    form.set('slug', 'cikaret')
    form.set('name', 'Desa Cikaret')
    form.set('file', new Blob([new Uint8Array(exported.raw!)], { type: 'application/gzip' }), 'sukamaju.tar.gz')
    const imported = await call(REGENCY, 'POST', '/api/regency/villages/import', { token: regencyToken, form })
    expect(imported.status, imported.text).toBe(201)
    const id = imported.body.data.id as string
    const relative = (prefix: string, list: string[]) => list.map((key) => key.slice(prefix.length))
    const publicA = relative(`villages/${a.village.id}/`, await keys(`villages/${a.village.id}/`))
    const publicC = relative(`villages/${id}/`, await keys(`villages/${id}/`))
    // Every stored file of the export came along (width copies are made again on demand, not exported).
    expect(publicC.length).toBeGreaterThan(0)
    expect(publicA).toEqual(expect.arrayContaining(publicC))
    const [post] = (await call(host('cikaret'), 'GET', '/api/public/posts?limit=1')).body.data.data
    expect((await call(host('cikaret'), 'GET', `/uploads/posts/${post.image}`)).status).toBe(200)

    // npm run backup --village reads the village's prefix; npm run scan visits it.
    const out = path.join(server.dir, 'cikaret.tar.gz')
    const backup = await runInstallScript(['scripts/backup.mjs', '--village', 'cikaret', '--out', out])
    expect(backup.status, backup.stderr).toBe(0)
    expect(backup.stdout).toMatch(/\(\d+ rows, [1-9]\d* files\)/)
    const scan = await runInstallScript(['scripts/scan.mjs', '--village', 'cikaret'])
    expect(scan.status, scan.stdout + scan.stderr).toBe(0)

    await call(REGENCY, 'PUT', `/api/regency/villages/${id}`, { token: regencyToken, json: { status: 'suspended' } })
    expect((await call(REGENCY, 'DELETE', `/api/regency/villages/${id}`, { token: regencyToken })).status).toBe(200)
    expect(await keys(`villages/${id}/`)).toEqual([])
    expect(await keys(`private/villages/${id}/`)).toEqual([])
    // The other villages keep theirs.
    expect((await keys(`villages/${a.village.id}/`)).length).toBe(publicA.length)
    expect((await call(host('sukamaju'), 'GET', `/uploads/posts/${post.image}`)).status).toBe(200)
  })
})
