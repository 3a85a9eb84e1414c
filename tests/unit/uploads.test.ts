import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { variantName } from '#core/image-variants.js'

// The module reads its folders from the environment on first use: point them at a throw-away directory.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'balai-unit-uploads-'))
process.env.DATABASE_URL = `file:${path.join(root, 'data', 'unit.db')}`
process.env.UPLOADS_DIR = path.join(root, 'uploads')
fs.mkdirSync(path.join(root, 'data'), { recursive: true })

type Uploads = typeof import('~/utils/upload-pipeline.server')
let uploads: Uploads

beforeAll(async () => {
  // Pending-upload markers live in the database: the committed migrations' SQL, applied in order (faster than the CLI).
  const db = new Database(path.join(root, 'data', 'unit.db'))
  const migrations = path.resolve(__dirname, '../../prisma/migrations')
  for (const name of fs
    .readdirSync(migrations)
    .filter((entry) => /^\d+_/.test(entry))
    .sort()) {
    db.exec(fs.readFileSync(path.join(migrations, name, 'migration.sql'), 'utf8'))
  }
  db.close()
  // The first import compiles both Prisma clients: slow on a busy machine.
  uploads = await import('~/utils/upload-pipeline.server')
}, 60_000)
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

const stored = (kind: string) => {
  const dir = path.join(root, 'uploads', kind)
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []
}

async function staged(name = 'a.png', width = 10, height = 10) {
  const dir = fs.mkdtempSync(path.join(root, 'staged-'))
  const tempPath = path.join(dir, name)
  await sharp({ create: { width, height, channels: 3, background: '#0a0' } })
    .png()
    .toFile(tempPath)
  return { tempPath, size: fs.statSync(tempPath).size, originalName: name }
}

describe('writeWithImage', () => {
  it('removes the stored file when the database write fails', async () => {
    const before = stored('posts')
    await expect(
      uploads.writeWithImage('posts', await staged(), async (image) => {
        expect(image).toMatch(/^[a-f0-9]{32}-10x10\.png$/)
        expect(stored('posts')).toContain(image)
        throw new Error('database is locked')
      }),
    ).rejects.toThrow('database is locked')
    expect(stored('posts')).toEqual(before)
  })

  it('removes the replaced file once the write succeeded, and keeps the new one', async () => {
    const first = await uploads.writeWithImage('products', await staged('a.png', 700, 400), async (image) => ({
      result: image!,
    }))
    const second = await uploads.writeWithImage('products', await staged('a.png', 700, 400), async (image) => ({
      result: image!,
      replaced: first,
    }))
    // The original and its WebP copies in the widths it has (see core/image-variants.js): 320, 640 and its own.
    expect(second).toMatch(/^[a-f0-9]{32}-700x400\.png$/)
    expect(stored('products')).toEqual([second, ...[320, 640, 700].map((width) => variantName(second, width))].sort())
  })

  it('names a JPEG turned by its EXIF orientation by its upright size', async () => {
    const dir = fs.mkdtempSync(path.join(root, 'staged-'))
    const tempPath = path.join(dir, 'turned.jpg')
    // 300 x 100 as encoded, shown a quarter turned (orientation 6): 100 x 300 upright, as stored.
    await sharp({ create: { width: 300, height: 100, channels: 3, background: '#0a0' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toFile(tempPath)
    const name = await uploads.storeImage(
      { tempPath, size: fs.statSync(tempPath).size, originalName: 'turned.jpg' },
      'aparaturs',
    )
    expect(name).toMatch(/^[a-f0-9]{32}-100x300\.jpg$/)
    const stored = await sharp(path.join(root, 'uploads', 'aparaturs', name)).metadata()
    expect([stored.width, stored.height]).toEqual([100, 300])
  })

  it('stores nothing without a file, and still removes what a delete reports', async () => {
    const kept = await uploads.writeWithImage('photos', await staged(), async (image) => ({ result: image! }))
    const result = await uploads.writeWithImage('photos', undefined, async (image) => {
      expect(image).toBeUndefined()
      return { result: 'deleted', replaced: kept }
    })
    expect(result).toBe('deleted')
    expect(stored('photos')).toEqual([])
  })

  it('never removes anything outside the kind folder', async () => {
    const outside = path.join(root, 'uploads', 'keep.txt')
    fs.writeFileSync(outside, 'x')
    await uploads.removeImage('posts', '../keep.txt')
    await uploads.removeImage('posts', '.')
    expect(fs.existsSync(outside)).toBe(true)
  })
})

describe('readMultipart', () => {
  const boundary = 'unit-boundary'
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="caption"\r\n\r\nHalo\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n` +
    `Content-Type: image/jpeg\r\n\r\n`
  const request = (body: ReadableStream<Uint8Array> | string) =>
    new Request('http://localhost/api/admin/photos', {
      method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit)
  // Uploads are staged under UPLOADS_DIR/.tmp (this module's own throw-away folder), one folder per upload.
  const staging = path.join(root, 'uploads', '.tmp')
  const tempDirs = () => (fs.existsSync(staging) ? fs.readdirSync(staging).length : 0)

  it('reads fields and stages the file', async () => {
    const body = await readAll(request(`${head}JPEGDATA\r\n--${boundary}--\r\n`))
    expect(body.fields).toEqual({ caption: 'Halo' })
    expect(body.file?.size).toBe(8)
    expect(fs.readFileSync(body.file!.tempPath, 'utf8')).toBe('JPEGDATA')
    expect(path.dirname(path.dirname(body.file!.tempPath))).toBe(staging)
    await body.cleanup()
    expect(fs.existsSync(body.file!.tempPath)).toBe(false)
    expect(tempDirs()).toBe(0)
  })

  it('treats a client that goes away mid-upload as a broken body (400), leaving no temporary file', async () => {
    expect(tempDirs()).toBe(0)
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`${head}partial bytes`))
        setTimeout(() => controller.error(new Error('socket hang up')), 20)
      },
    })
    await expect(uploads.readMultipart(request(stream))).rejects.toMatchObject({ status: 400 })
    expect(tempDirs()).toBe(0)
  })

  it('refuses a file over 10 MB with 413 while streaming, leaving no temporary file', async () => {
    expect(tempDirs()).toBe(0)
    let chunks = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (chunks === 0) controller.enqueue(new TextEncoder().encode(head))
        if (chunks++ > 40) return controller.close()
        controller.enqueue(new Uint8Array(512 * 1024))
      },
    })
    await expect(uploads.readMultipart(request(stream))).rejects.toMatchObject({
      status: 413,
      errors: { Image: 'Image may not be larger than 10 MB' },
    })
    expect(tempDirs()).toBe(0)
  })

  async function readAll(req: Request) {
    return uploads.readMultipart(req)
  }
})

describe('storedImageInfo', () => {
  it(
    'gives a stored image its real length and media type (what the RSS enclosure carries), or ' +
      'null when the file is gone',
    async () => {
      const name = await uploads.storeImage(await staged('b.png'), 'posts')
      const file = path.join(root, 'uploads', 'posts', name)
      expect(await uploads.storedImageInfo('posts', name)).toEqual({
        length: fs.statSync(file).size,
        type: 'image/png',
      })
      fs.rmSync(file)
      expect(await uploads.storedImageInfo('posts', name)).toBeNull()
      expect(await uploads.storedImageInfo('posts', '../../etc/passwd')).toBeNull()
    },
  )
})
