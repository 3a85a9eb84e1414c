import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, login, unique } from '../support/api'
import {
  form,
  gif,
  jpeg,
  jpegWithGps,
  png,
  pngClaiming,
  STORED_NAME,
  webp,
  type Kind,
  type Picture,
} from '../support/content'
import { startServer, type TestServer } from '../support/server'

// A server of our own: its uploads folder holds exactly what these tests put there, so orphans can be counted.
let server: TestServer
let token: string
let categoryId: number

const call = (method: string, urlPath: string, options: Parameters<typeof api>[2] = {}) =>
  api(method, urlPath, { base: server.url, token, ...options })

const files = (kind: Kind) => {
  const dir = path.join(server.uploadsDir, kind)
  return new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : [])
}
/** Every file of every kind, to compare before and after. */
const snapshot = () =>
  Object.fromEntries(
    (['posts', 'products', 'photos', 'sliders', 'aparaturs'] as Kind[]).map((k) => [k, [...files(k)].sort()]),
  )
/**
 * What is staged in this server's uploads folder (UPLOADS_DIR/.tmp) and in the system's temp folder (TMPDIR: a folder
 * of its own here, which must stay empty: nothing is staged there any more).
 */
const serverTemp = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-uploads-test-tmp-'))
const staged = (dir: string) => (fs.existsSync(path.join(dir, '.tmp')) ? fs.readdirSync(path.join(dir, '.tmp')) : [])
const tempUploads = () => staged(server.uploadsDir).length + fs.readdirSync(serverTemp).length

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A GET with the path sent exactly as written (fetch would normalise `..`). */
function rawRequest(
  rawPath: string,
  method = 'GET',
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port: server.port, path: rawPath, method, headers },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk) => chunks.push(chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        )
      },
    )
    request.on('error', reject)
    request.end()
  })
}

beforeAll(async () => {
  server = await startServer({ env: { TMPDIR: serverTemp } })
  token = await login('admin', 'password', server.url)
  const category = await call('POST', '/api/admin/categories', { json: { name: unique('Uji Unggah ') } })
  categoryId = category.body.data.id
}, 120_000)

afterAll(async () => {
  await server?.stop()
  if (server && !process.env.KEEP_TEST_DATA) fs.rmSync(server.dir, { recursive: true, force: true })
  fs.rmSync(serverTemp, { recursive: true, force: true })
})

const upload = (picture: Picture, fields: Record<string, string> = { caption: 'Uji' }, kind: Kind = 'photos') =>
  call('POST', `/api/admin/${kind}`, { form: form(fields, picture) })

describe('accepted images', () => {
  it.each([
    ['JPEG', jpeg, 'jpg', 'image/jpeg'],
    ['PNG', png, 'png', 'image/png'],
    ['GIF', gif, 'gif', 'image/gif'],
    ['WebP', webp, 'webp', 'image/webp'],
  ] as const)(
    'stores a %s under a new name and serves it with the right headers',
    async (_label, make, extension, type) => {
      const picture = await make(120, 80)
      const result = await upload({ ...picture, name: `../../evil name.${extension}` })
      expect(result.status).toBe(201)
      const name: string = result.body.data.image
      expect(name).toMatch(STORED_NAME)
      // Its own size is part of its name (pages declare it from there).
      expect(name.endsWith(`-120x80.${extension}`)).toBe(true)

      const served = await fetch(`${server.url}/uploads/photos/${name}`)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe(type)
      expect(served.headers.get('x-content-type-options')).toBe('nosniff')
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(served.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
      const etag = served.headers.get('etag')
      expect(etag).toBeTruthy()
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
      expect(meta).toMatchObject({ width: 120, height: 80, format: extension === 'jpg' ? 'jpeg' : extension })
      const again = await rawRequest(`/uploads/photos/${name}`, 'GET', { 'If-None-Match': etag! })
      expect(again.status).toBe(304)
      expect(again.body.length).toBe(0)
      expect((await rawRequest(`/uploads/photos/${name}`, 'HEAD')).status).toBe(200)
    },
  )

  it('re-encodes: GPS and camera metadata are gone', async () => {
    const picture = await jpegWithGps()
    expect((await sharp(picture.data).metadata()).exif).toBeDefined()
    expect(picture.data.includes('SecretCam')).toBe(true)
    const result = await upload(picture)
    expect(result.status).toBe(201)
    const stored = fs.readFileSync(path.join(server.uploadsDir, 'photos', result.body.data.image))
    const meta = await sharp(stored).metadata()
    expect(meta.exif).toBeUndefined()
    expect(stored.includes('SecretCam')).toBe(false)
  })

  it('judges by content, not by name or declared type (a PNG named .jpg stays a PNG)', async () => {
    const picture = await png()
    const result = await upload({ ...picture, name: 'photo.jpg', type: 'image/jpeg' })
    expect(result.status).toBe(201)
    expect(result.body.data.image).toMatch(/\.png$/)
  })

  it('keeps an animated GIF animated', async () => {
    const frames = 3
    const raw = Buffer.alloc(20 * 20 * 3 * frames)
    for (let i = 0; i < raw.length; i += 3) raw[i] = Math.floor(i / (20 * 20 * 3)) * 100
    const data = await sharp(raw, { raw: { width: 20, height: 20 * frames, channels: 3, pageHeight: 20 } })
      .gif({ loop: 0, delay: [100, 100, 100] })
      .toBuffer()
    expect((await sharp(data).metadata()).pages).toBe(frames)
    const result = await upload({ data, name: 'anim.gif', type: 'image/gif' })
    expect(result.status).toBe(201)
    const stored = await sharp(path.join(server.uploadsDir, 'photos', result.body.data.image)).metadata()
    expect(stored).toMatchObject({ format: 'gif', pages: frames, width: 20 })
  })
})

describe('refused files (and nothing left behind)', () => {
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
  )
  const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>')

  it.each([
    ['an SVG', { data: svg, name: 'image.svg', type: 'image/svg+xml' }, 'Image must be a JPEG, PNG, GIF or WebP image'],
    [
      'an SVG named .jpg',
      { data: svg, name: 'image.jpg', type: 'image/jpeg' },
      'Image must be a JPEG, PNG, GIF or WebP image',
    ],
    [
      'HTML named .jpg',
      { data: html, name: 'photo.jpg', type: 'image/jpeg' },
      'Image must be a JPEG, PNG, GIF or WebP image',
    ],
    [
      'a script named .png',
      { data: Buffer.from('#!/bin/sh\nrm -rf /\n'), name: 'x.png', type: 'image/png' },
      'Image must be a JPEG, PNG, GIF or WebP image',
    ],
    [
      'a JPEG header followed by HTML',
      { data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), html]), name: 'x.jpg', type: 'image/jpeg' },
      'Image is damaged or not a valid image file',
    ],
  ])('refuses %s with 422 on Image', async (_label, picture, message) => {
    const before = snapshot()
    const result = await upload(picture)
    expect(result.status).toBe(422)
    expect(result.body).toEqual({ success: false, message: 'Validation Errors', errors: { Image: message } })
    expect(snapshot()).toEqual(before)
  })

  it('refuses truncated JPEG, PNG, GIF and WebP files', async () => {
    const before = snapshot()
    for (const make of [jpeg, png, gif, webp]) {
      const whole = await make(300, 200)
      const data = Buffer.from(whole.data).subarray(0, Math.floor(whole.data.length * 0.6))
      const result = await upload({ ...whole, data })
      expect(result.status, whole.name).toBe(422)
      expect(result.body.errors, whole.name).toEqual({ Image: 'Image is damaged or not a valid image file' })
    }
    expect(snapshot()).toEqual(before)
  })

  it(
    "refuses a PNG whose data chunk is corrupted (its CRC made to match), one whose data chunk's CRC is wrong, " +
      'and a JPEG with a broken scan',
    async () => {
      const before = snapshot()
      const whole = await png(300, 200)
      const data = Buffer.from(whole.data)
      const idat = data.indexOf('IDAT')
      const length = data.readUInt32BE(idat - 4)
      data[idat + 4 + Math.floor(length / 2)] ^= 0x01
      data.writeUInt32BE(zlib.crc32(data.subarray(idat, idat + 4 + length)) >>> 0, idat + 4 + length)
      const brokenScan = Buffer.from((await jpeg(300, 200)).data)
      for (let i = 0; i < 20; i++) brokenScan[Math.floor(brokenScan.length / 2) + i * 37] ^= 0x55
      // Intact data under a wrong checksum: the decoder lets it pass, the chunk check does not.
      const wrongCrc = Buffer.from(whole.data)
      wrongCrc[idat + 4 + length] ^= 0x01
      for (const picture of [
        { ...whole, data },
        { ...whole, data: wrongCrc },
        { data: brokenScan, name: 'photo.jpg', type: 'image/jpeg' },
      ]) {
        const result = await upload(picture)
        expect(result.status, picture.name).toBe(422)
        expect(result.body, picture.name).toEqual({
          success: false,
          message: 'Validation Errors',
          errors: { Image: 'Image is damaged or not a valid image file' },
        })
      }
      expect(snapshot()).toEqual(before)
    },
  )

  it('refuses pixel bombs over 40 megapixels: claimed in the header, and real', async () => {
    const before = snapshot()
    const claimed = await upload(await pngClaiming(50_000, 50_000))
    expect(claimed.status).toBe(422)
    expect(claimed.body.errors).toEqual({ Image: 'Image may not be larger than 40 megapixels' })
    // 7000 x 6000 = 42 MP of one colour: a small file that would take 126 MB to decode.
    const real = await sharp({ create: { width: 7000, height: 6000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer()
    expect(real.length).toBeLessThan(1024 * 1024)
    const result = await upload({ data: real, name: 'big.png', type: 'image/png' })
    expect(result.status).toBe(422)
    expect(result.body.errors).toEqual({ Image: 'Image may not be larger than 40 megapixels' })
    expect(snapshot()).toEqual(before)
  }, 60_000)

  it('refuses more than 10 MB with 413, whether the size is declared or streamed', async () => {
    const before = snapshot()
    const head = (await jpeg()).data
    const big = Buffer.concat([head, Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)])
    const declared = await upload({ data: big, name: 'big.jpg', type: 'image/jpeg' })
    expect(declared.status).toBe(413)
    expect(declared.body).toEqual({
      success: false,
      message: 'Payload Too Large',
      errors: { Image: 'Image may not be larger than 10 MB' },
    })

    // Chunked, no Content-Length: the limit bites while streaming.
    const boundary = 'x-balai-boundary'
    const prefix = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="caption"\r\n\r\nBesar\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\n` +
        `Content-Type: image/jpeg\r\n\r\n`,
    )
    const chunk = Buffer.alloc(1024 * 1024, 0x41)
    let sent = 0
    let sentWhenAnswered = -1
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent === 0) controller.enqueue(prefix)
        // Past the limit the client slows down: the answer must come while it is still sending.
        if (sent >= 12) await new Promise((resolve) => setTimeout(resolve, 500))
        // Up to 30 MB: the server must answer long before.
        if (sent >= 30) {
          controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`))
          controller.close()
          return
        }
        sent++
        controller.enqueue(chunk)
      },
    })
    const streamed = await fetch(`${server.url}/api/admin/photos`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        Accept: 'application/json',
      },
      body,
      duplex: 'half',
    } as RequestInit).catch((error) => error as Error)
    if (streamed instanceof Error) throw streamed
    sentWhenAnswered = sent
    expect(streamed.status).toBe(413)
    expect((await streamed.json()).errors).toEqual({ Image: 'Image may not be larger than 10 MB' })
    // Answered while the client was still sending: judged on the fly, not after buffering the whole body.
    expect(sentWhenAnswered).toBeLessThan(30)
    expect(snapshot()).toEqual(before)
  }, 60_000)

  it('goes through the same checks for every kind', async () => {
    const before = snapshot()
    const bad = { data: svg, name: 'x.jpg', type: 'image/jpeg' }
    const cases: [Kind, Record<string, string>][] = [
      ['posts', { title: 'Uji', content: '<p>x</p>', category_id: String(categoryId) }],
      ['products', { title: 'Uji', content: 'x', owner: 'a', price: '1', phone: '1', address: 'a' }],
      ['photos', { caption: 'x' }],
      ['sliders', { description: 'x' }],
      ['aparaturs', { name: 'a', position: 'b' }],
    ]
    for (const [kind, fields] of cases) {
      const result = await upload(bad, fields, kind)
      expect(result.status, kind).toBe(422)
      expect(result.body.errors, kind).toEqual({ Image: 'Image must be a JPEG, PNG, GIF or WebP image' })
    }
    expect(snapshot()).toEqual(before)
  })

  it('stores no file when another field fails (validation first)', async () => {
    const before = snapshot()
    const picture = await jpeg()
    const cases: [Kind, Record<string, string>][] = [
      ['posts', { title: '', content: '<p>x</p>', category_id: String(categoryId) }],
      ['posts', { title: 'x', content: '<p>x</p>', category_id: '987654321' }],
      ['products', { title: 'x', content: 'x', owner: 'a', price: '-5', phone: '1', address: 'a' }],
      ['photos', { caption: '' }],
      ['aparaturs', { name: 'a' }],
    ]
    for (const [kind, fields] of cases) {
      expect((await upload(picture, fields, kind)).status, kind).toBe(422)
    }
    // An update of a missing record stores nothing either.
    const missing = await call('PUT', '/api/admin/aparaturs/987654321', {
      form: form({ name: 'a', position: 'b' }, picture),
    })
    expect(missing.status).toBe(404)
    expect(snapshot()).toEqual(before)
  })

  it('leaves no temporary upload behind', async () => {
    await upload({ data: svg, name: 'x.svg', type: 'image/svg+xml' })
    await upload(await jpeg())
    expect(tempUploads()).toBe(0)
  })

  it('stages uploads in UPLOADS_DIR/.tmp, and the next start removes what a killed server left there', async () => {
    const own = await startServer({ env: { TMPDIR: serverTemp } })
    try {
      const ownToken = await login('admin', 'password', own.url)
      // An upload killed in the middle: the body is half sent when the server dies.
      const boundary = 'killed-upload'
      const head =
        `--${boundary}\r\nContent-Disposition: form-data; name="caption"\r\n\r\nSetengah\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n` +
        `Content-Type: image/jpeg\r\n\r\n`
      const request = http.request({
        host: '127.0.0.1',
        port: own.port,
        path: '/api/admin/photos',
        method: 'POST',
        headers: {
          Authorization: `Bearer ${ownToken}`,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Transfer-Encoding': 'chunked',
        },
      })
      request.on('error', () => undefined)
      request.write(head)
      request.write(Buffer.alloc(256 * 1024, 0xff))
      for (let tries = 0; staged(own.uploadsDir).length === 0 && tries < 100; tries++) await sleep(100)
      expect(staged(own.uploadsDir)).toHaveLength(1)
      await own.stop('SIGKILL')
      request.destroy()
      // Left behind by the dead server, in the uploads folder, not in the system's temp folder.
      expect(staged(own.uploadsDir)).toHaveLength(1)
      expect(fs.readdirSync(serverTemp)).toEqual([])
      const again = await startServer({ dir: own.dir, env: { TMPDIR: serverTemp } })
      try {
        expect(staged(own.uploadsDir)).toEqual([])
        expect(again.logs().some((line) => line.event === 'staged-uploads' && line.count === 1)).toBe(true)
      } finally {
        await again.stop()
      }
    } finally {
      await own.stop().catch(() => undefined)
      fs.rmSync(own.dir, { recursive: true, force: true })
    }
  }, 120_000)

  it('answers a malformed multipart body with 400', async () => {
    const result = await call('POST', '/api/admin/photos', {
      body: '--nope\r\nContent-Disposition: form-data; name="caption"\r\n\r\nunterminated',
      headers: { 'Content-Type': 'multipart/form-data; boundary=nope' },
    })
    expect(result.status).toBe(400)
    expect(result.body.success).toBe(false)
  })
})

describe('replacing and deleting remove the old file', () => {
  it.each(['posts', 'products', 'aparaturs'] as const)('%s', async (kind) => {
    const fields: Record<string, string> =
      kind === 'posts'
        ? { title: unique('Ganti '), content: '<p>x</p>', category_id: String(categoryId) }
        : kind === 'products'
          ? { title: unique('Ganti '), content: 'x', owner: 'a', price: '1', phone: '1', address: 'a' }
          : { name: 'a', position: 'b' }
    const created = await upload(await jpeg(), fields, kind)
    expect(created.status).toBe(201)
    const first = created.body.data.image
    const kept = await call('PUT', `/api/admin/${kind}/${created.body.data.id}`, { form: form(fields) })
    expect(kept.body.data.image).toBe(first)
    expect(files(kind).has(first)).toBe(true)
    const replaced = await call('PUT', `/api/admin/${kind}/${created.body.data.id}`, {
      form: form(fields, await webp()),
    })
    expect(replaced.status).toBe(200)
    const second = replaced.body.data.image
    expect(files(kind).has(first)).toBe(false)
    expect(files(kind).has(second)).toBe(true)
    // A refused replacement keeps the current file.
    const refused = await call('PUT', `/api/admin/${kind}/${created.body.data.id}`, {
      form: form(fields, { data: Buffer.from('GIF89a nope'), name: 'x.gif', type: 'image/gif' }),
    })
    expect(refused.status).toBe(422)
    expect(files(kind).has(second)).toBe(true)
    expect((await call('DELETE', `/api/admin/${kind}/${created.body.data.id}`)).status).toBe(200)
    expect(files(kind).has(second)).toBe(false)
  })

  it('photos and sliders', async () => {
    for (const [kind, fields] of [
      ['photos', { caption: 'x' }],
      ['sliders', { description: 'x' }],
    ] as const) {
      const created = await upload(await png(), fields, kind)
      expect(files(kind).has(created.body.data.image)).toBe(true)
      await call('DELETE', `/api/admin/${kind}/${created.body.data.id}`)
      expect(files(kind).has(created.body.data.image)).toBe(false)
    }
  })

  it('every stored file belongs to a record (no orphans after all of the above)', async () => {
    for (const kind of ['posts', 'products', 'photos', 'sliders', 'aparaturs'] as Kind[]) {
      const referenced = new Set<string>()
      for (let page = 1; ; page++) {
        const list = await call('GET', `/api/admin/${kind}?limit=100&page=${page}`)
        for (const row of list.body.data.data) if (row.image) referenced.add(row.image)
        if (page >= list.body.data.last_page) break
      }
      // `{stem}-{w}.webp` copies belong to the record whose image has that stem.
      const stems = new Set([...referenced].map((name) => name.replace(/\.[a-z]+$/, '')))
      expect(
        [...files(kind)].filter((name) => !referenced.has(name) && !stems.has(name.replace(/-\d+\.webp$/, ''))),
        kind,
      ).toEqual([])
    }
  })
})

describe('serving /uploads', () => {
  let name: string
  beforeAll(async () => {
    name = (await upload(await jpeg())).body.data.image
  })

  it.each([
    '/uploads/../package.json',
    '/uploads/%2e%2e/package.json',
    '/uploads/photos/..%2f..%2fpackage.json',
    '/uploads/photos/%2e%2e%2f%2e%2e%2fdata%2ftest.db',
    '/uploads/photos/..\\..\\package.json',
    '/uploads/photos/../../data/test.db',
  ])('400 for the dot segments of %s (decision 059)', async (rawPath) => {
    const result = await rawRequest(rawPath)
    expect(result.status).toBe(400)
    expect(result.body.toString()).not.toContain('SQLite format')
  })

  it.each([
    '/uploads//etc/passwd',
    '/uploads/photos/',
    '/uploads/photos',
    '/uploads/',
    '/uploads',
    '/uploads/other/0123456789abcdef0123456789abcdef.jpg',
    '/uploads/photos/0123456789abcdef0123456789abcdef.jpg',
    '/uploads/photos/.htaccess',
    '/uploads/photos/x.svg',
    '/uploads/photos/0123456789ABCDEF0123456789ABCDEF.jpg',
  ])('404 for %s', async (rawPath) => {
    const result = await rawRequest(rawPath)
    expect(result.status).toBe(404)
    expect(String(result.headers['content-type'])).not.toContain('html')
  })

  it('404 for a stored file under another kind, with a suffix, or by another method', async () => {
    expect((await rawRequest(`/uploads/photos/${name}`)).status).toBe(200)
    expect((await rawRequest(`/uploads/posts/${name}`)).status).toBe(404)
    expect((await rawRequest(`/uploads/photos/${name}.partial`)).status).toBe(404)
    expect((await rawRequest(`/uploads/photos/${name}/`)).status).toBe(404)
    expect((await rawRequest(`/uploads/photos/${name}%00.html`)).status).toBe(404)
    expect((await rawRequest(`/uploads/photos/${name}`, 'POST')).status).toBe(404)
    expect((await rawRequest(`/uploads/photos/${name}`, 'DELETE')).status).toBe(404)
  })
})
