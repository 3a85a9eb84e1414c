import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { tinyPdf } from '../../app/lib/tiny-pdf'
import { api, expectSuccess, login, unique } from '../support/api'
import { onPostgres, startServer, type TestServer } from '../support/server'

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

/**
 * Documents with STORAGE=s3 and a public bucket behind S3_PUBLIC_URL (decision 045): the PDFs and their previews go
 * to S3_PRIVATE_BUCKET, so no key of the public bucket, and so no address under S3_PUBLIC_URL, ever serves one.
 * s3rver answers anonymous GETs of any object, as a public bucket does.
 */

const PUBLIC = 'balai-umum'
const PRIVATE = 'balai-privat'

describe.skipIf(onPostgres())('documents in S3: the private bucket', () => {
  let s3: S3rver
  let work: string
  let client: S3Client
  let server: TestServer
  let endpoint: string

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-s3-documents-'))
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      directory: path.join(work, 's3'),
      silent: true,
      configureBuckets: [
        { name: PUBLIC, configs: [] },
        { name: PRIVATE, configs: [] },
      ],
    })
    const { port } = (await s3.run()) as AddressInfo
    endpoint = `http://127.0.0.1:${port}`
    client = new S3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    })
    server = await startServer({
      env: {
        STORAGE: 's3',
        S3_ENDPOINT: endpoint,
        S3_BUCKET: PUBLIC,
        S3_PRIVATE_BUCKET: PRIVATE,
        S3_PUBLIC_URL: `${endpoint}/${PUBLIC}`,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      },
    })
  })

  afterAll(async () => {
    await server?.stop()
    await s3?.close()
    client?.destroy()
    if (server && !process.env.KEEP_TEST_DATA) fs.rmSync(server.dir, { recursive: true, force: true })
    if (work) fs.rmSync(work, { recursive: true, force: true })
  })

  const keys = async (bucket: string) =>
    ((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((object) => object.Key!)

  it('keeps an exempt document out of the public bucket and of every public address', async () => {
    const token = await login('admin', 'password', server.url)
    const data = tinyPdf({ pages: [['Dikecualikan']] })
    const form = new FormData()
    form.set('title', unique('Data Penerima '))
    form.set('kind', 'keputusan_kepala_desa')
    form.set('information_class', 'dikecualikan')
    form.set('file', new Blob([new Uint8Array(data)], { type: 'application/pdf' }), 'a.pdf')
    const document = expectSuccess(await api('POST', '/api/admin/documents', { base: server.url, token, form }), 201)

    const privateKeys = await keys(PRIVATE)
    expect(privateKeys).toContain(`private/documents/${document.file}`)
    const publicKeys = await keys(PUBLIC)
    expect(publicKeys.length).toBeGreaterThan(0) // the demo village's pictures
    expect(publicKeys.filter((key) => key.includes(document.file.replace('.pdf', '')))).toEqual([])
    expect(publicKeys.filter((key) => key.startsWith('private/'))).toEqual([])
    // The public bucket's address, under any key built from the name: nothing.
    for (const key of [document.file, `documents/${document.file}`, `private/documents/${document.file}`]) {
      const response = await fetch(`${endpoint}/${PUBLIC}/${key}`)
      expect(response.status, key).not.toBe(200)
    }
    // The site's own addresses: nothing either, and no redirect to the bucket.
    for (const address of [
      `/uploads/documents/${document.file}`,
      `/uploads/private/documents/${document.file}`,
      `/dokumen/${document.slug}/unduh`,
      `/api/public/documents/${document.slug}`,
    ]) {
      const response = await fetch(`${server.url}${address}`, { redirect: 'manual' })
      expect(response.status, address).toBe(404)
    }
    // Staff download it from the private bucket.
    const staff = await fetch(`${server.url}/dokumen/${document.slug}/unduh`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(staff.status).toBe(200)
    expect(Buffer.from(await staff.arrayBuffer()).equals(data)).toBe(true)

    // A public one streams from the private bucket too, at its one public address.
    const open = new FormData()
    open.set('title', unique('Perdes Terbuka '))
    open.set('kind', 'peraturan_desa')
    open.set('information_class', 'berkala')
    open.set('file', new Blob([new Uint8Array(data)], { type: 'application/pdf' }), 'b.pdf')
    const shown = expectSuccess(await api('POST', '/api/admin/documents', { base: server.url, token, form: open }), 201)
    const download = await fetch(`${server.url}/dokumen/${shown.slug}/unduh`, { redirect: 'manual' })
    expect(download.status).toBe(200)
    expect(download.headers.get('content-security-policy')).toBe('sandbox')
    expect((await keys(PUBLIC)).filter((key) => key.includes(shown.file.replace('.pdf', '')))).toEqual([])

    // Deleting removes the objects from the private bucket.
    expectSuccess(await api('DELETE', `/api/admin/documents/${document.id}`, { base: server.url, token }))
    expect((await keys(PRIVATE)).filter((key) => key.includes(document.file))).toEqual([])
  })
})
