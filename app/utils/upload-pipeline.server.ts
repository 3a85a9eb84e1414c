import crypto from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import busboy from 'busboy'
import type { z } from 'zod'
import sharp from 'sharp'
import { createStorage } from '#core/storage.mjs'
import { prisma, serializeWrite } from './db.server'
import { getEnv } from './config.server'
import { perVillage } from './village-scope.server'
import { bodyStream, discardRest, HttpError, validationError } from './http.server'
import { checkInput } from './validation.server'
import { workSlots } from './work-slots.server'
import { copiesOf, STORED_NAME, storedName, VARIANT_WIDTHS, variantName } from '#core/image-variants.js'
import type { StoredKind } from '~/lib/upload-urls'
import { IMAGE_MAX_MB, IMAGE_MAX_MEGAPIXELS } from '~/lib/upload-limits'

/**
 * Where uploads and image work are staged before they are stored: a folder of their own under UPLOADS_DIR (`.tmp`,
 * never served, never backed up, left out by `npm run scan`), so that what a killed server leaves there is found and
 * removed by the next start's sweep (sweepStaging) instead of staying in the system's temp folder for ever.
 */
export const STAGING_FOLDER = '.tmp'
const stagingRoot = () => path.join(getEnv().UPLOADS_DIR, STAGING_FOLDER)

/**
 * A new, empty folder for one upload's or one task's files (the caller removes it when done), named after the
 * process that stages there (`upload~host~pid~random`), so a sweep can tell a dead process's leftovers from the
 * work of a live one (another instance sharing the folder).
 */
export async function stagingFolder(prefix: string): Promise<string> {
  await fsp.mkdir(stagingRoot(), { recursive: true })
  return fsp.mkdtemp(path.join(stagingRoot(), `${prefix.replace(/-$/, '')}~${os.hostname()}~${process.pid}~`))
}

/** Whether the process `pid` of this machine is still running. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Removes what the staging folder holds that a process no longer running on this machine left, or that is older than
 * `olderThanMs` (everything with 0: one server on a SQLite file stages nothing before it listens). Returns how many
 * entries went.
 */
export async function sweepStaging(olderThanMs: number): Promise<number> {
  const root = stagingRoot()
  const entries = await fsp.readdir(root).catch(() => [] as string[])
  let removed = 0
  for (const entry of entries) {
    const [, host, pid] = entry.split('~')
    const orphaned = host === os.hostname() && /^\d+$/.test(pid ?? '') && !running(Number(pid))
    if (olderThanMs > 0 && !orphaned) {
      const stat = await fsp.stat(path.join(root, entry)).catch(() => null)
      if (stat && Date.now() - stat.mtimeMs <= olderThanMs) continue
    }
    await fsp.rm(path.join(root, entry), { recursive: true, force: true })
    removed++
  }
  return removed
}

const MAX_IMAGE_PIXELS = IMAGE_MAX_MEGAPIXELS * 1_000_000
/** All frames of an animation together: decoding them costs this much memory at most. */
const MAX_ANIMATION_PIXELS = 100_000_000
const MAX_FIELD_BYTES = 1024 * 1024

/** A multipart body's file field and its size limit: the image of most resources, a document's PDF (`file`, 20 MB). */
export type UploadLimit = { field: string; maxMb: number }
const IMAGE_LIMIT: UploadLimit = { field: 'image', maxMb: IMAGE_MAX_MB }

/** The 413 of a file over its limit, keyed by the file's field (`Image`, `File`). */
const tooLarge = (limit: UploadLimit = IMAGE_LIMIT) => {
  const key = limit.field === 'file' ? 'File' : limit.field === 'attachments' ? 'Attachments' : 'Image'
  return new HttpError(413, 'Payload Too Large', { [key]: `${key} may not be larger than ${limit.maxMb} MB` })
}
const invalidImage = (message = 'Image must be a JPEG, PNG, GIF or WebP image') => validationError({ Image: message })

/** A file received in a multipart body, still in a private temporary folder. */
export type StagedFile = { tempPath: string; size: number; originalName: string }

export type MultipartBody = {
  fields: Record<string, string | string[]>
  file: StagedFile | null
  /** Every file of the file field, in order (one at most unless `maxFiles` said more). */
  files: StagedFile[]
  /** Removes the temporary file; call it in `finally`. */
  cleanup(): Promise<void>
}

/**
 * Streams a multipart body: fields into memory (1 MB each at most), the file part named `fileField` (`image`,
 * the settings' `logo`, a document's `file`) to a temporary file, refused with 413 as soon as it passes its limit
 * (`maxMb`: 10 MB for images, 20 MB for a document's PDF), without ever holding it in memory.
 */
export async function readMultipart(
  request: Request,
  fileField = 'image',
  maxMb = IMAGE_MAX_MB,
  /**
   * How many files the field takes (a letter request's `attachments`: 5): one more is a 422 on the field's key, read
   * no further. With 1 (the default) a second file is ignored, as always.
   */
  maxFiles = 1,
): Promise<MultipartBody> {
  const limit: UploadLimit = { field: fileField, maxMb }
  const maxBytes = maxMb * 1024 * 1024
  const fieldKey = fileField.charAt(0).toUpperCase() + fileField.slice(1)
  const contentType = request.headers.get('content-type') ?? ''
  if (!request.body) throw new HttpError(400, 'Malformed multipart body', { Error: 'The request has no body' })
  const declared = Number(request.headers.get('content-length') ?? '0')
  // Fields are small; a body this much larger than the file limit cannot be acceptable.
  if (declared > maxFiles * maxBytes + 2 * MAX_FIELD_BYTES) {
    discardRest(bodyStream(request))
    throw tooLarge(limit)
  }

  const tempDir = await stagingFolder('upload-')
  const cleanup = () => fsp.rm(tempDir, { recursive: true, force: true })
  const fields: Record<string, string | string[]> = {}
  let file: StagedFile | null = null
  const files: StagedFile[] = []

  try {
    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        limits: {
          fileSize: maxBytes,
          files: maxFiles === 1 ? 1 : maxFiles + 1,
          fields: 100,
          fieldSize: MAX_FIELD_BYTES,
          parts: 110,
        },
        defParamCharset: 'utf8',
      })
    } catch {
      throw new HttpError(400, 'Malformed multipart body', { Error: 'Expected a multipart/form-data body' })
    }
    const writes: Promise<void>[] = []
    const done = new Promise<void>((resolve, reject) => {
      parser.on('field', (name, value, info) => {
        if (info.valueTruncated)
          return reject(new HttpError(413, 'Payload Too Large', { Error: `${name} is too large` }))
        const existing = fields[name]
        if (existing === undefined) fields[name] = value
        else fields[name] = Array.isArray(existing) ? [...existing, value] : [existing, value]
      })
      parser.on('file', (name, stream, info) => {
        if (name !== fileField || files.length >= maxFiles) {
          stream.resume()
          if (name === fileField && maxFiles > 1 && (info.filename ?? '') !== '')
            reject(validationError({ [fieldKey]: `At most ${maxFiles} ${fileField} may be sent` }))
          return
        }
        const tempPath = path.join(tempDir, files.length ? `upload-${files.length}` : 'upload')
        const staged: StagedFile = { tempPath, size: 0, originalName: info.filename ?? '' }
        file ??= staged
        files.push(staged)
        stream.on('data', (chunk: Buffer) => (staged.size += chunk.length))
        stream.on('limit', () => reject(tooLarge(limit)))
        writes.push(pipeline(stream, fs.createWriteStream(tempPath)).catch(reject))
      })
      parser.on('filesLimit', () => undefined)
      parser.on('error', () =>
        reject(new HttpError(400, 'Malformed multipart body', { Error: 'The multipart body could not be read' })),
      )
      parser.on('close', resolve)
    })
    const source = bodyStream(request)
    // A client that goes away mid-upload is a broken body, never a (partial) success.
    source.on('error', (error) => parser.destroy(error))
    source.pipe(parser)
    try {
      await done
      await Promise.all(writes)
    } finally {
      source.unpipe(parser)
      if (!source.readableEnded) discardRest(source)
    }
    // An empty file input (no file chosen) is "no image".
    const chosen = files.filter((staged) => staged.size > 0)
    if (file && (file as StagedFile).size === 0) file = null
    return { fields, file, files: chosen, cleanup }
  } catch (error) {
    await cleanup()
    throw error
  }
}

/** Decoding a 40 MP image takes ~160 MB: a few at a time, the rest wait their turn. */
const withEncodeSlot = workSlots(2)

const FORMATS = { jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp' } as const
type ImageFormat = keyof typeof FORMATS

/** The image format from the file's first bytes, whatever its name or declared type says. */
export function sniffImage(head: Buffer): ImageFormat | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg'
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png'
  if (head.length >= 6 && /^GIF8[79]a$/.test(head.subarray(0, 6).toString('latin1'))) return 'gif'
  if (
    head.length >= 12 &&
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp'
  return null
}

declare global {
  var __balaiStorage: ReturnType<typeof createStorage> | undefined
}

/**
 * Where uploads live: UPLOADS_DIR or an S3 bucket (STORAGE, see core/storage.mjs). With REGENCY_HOST, a village's
 * under its scope's prefix (village-scope.server.ts): UPLOADS_DIR/villages/{id}/, or the keys `villages/{id}/...` of
 * the bucket(s); no other village's host serves them.
 */
const scopedStorage = perVillage('the storage (uploads)', (scope) =>
  scope ? storageUnder(scope.storagePrefix) : (global.__balaiStorage ??= createStorage(getEnv().STORAGE)),
)

/** The uploads under `prefix` (`villages/{id}`): that folder of UPLOADS_DIR, or those keys of the S3 bucket(s). */
export function storageUnder(prefix: string) {
  const { STORAGE, UPLOADS_DIR } = getEnv()
  return STORAGE.kind === 's3'
    ? createStorage({ ...STORAGE, prefix: `${prefix}/` })
    : createStorage({ kind: 'local', root: path.join(UPLOADS_DIR, prefix) })
}
export const storage = (): ReturnType<typeof createStorage> => scopedStorage()

/** Where the uploads live, for the start-up line: UPLOADS_DIR or the bucket, whose every village has a prefix. */
export const uploadsPlace = (): string => createStorage(getEnv().STORAGE).describe()

/** A stored image's size in bytes and media type; null when it is not there (or is not an image). */
export async function storedImageInfo(
  kind: StoredKind,
  name: string,
): Promise<{ length: number; type: string } | null> {
  const info = await storage().info(kind, name)
  return info && info.type.startsWith('image/') ? { length: info.size, type: info.type } : null
}

/** Every chunk of a PNG whole, with its CRC-32 right, up to its IEND chunk (docs: PNG specification, section 5.3). */
export function pngChunksIntact(bytes: Buffer): boolean {
  let offset = 8
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset)
    const end = offset + 12 + length
    if (length > 0x7fffffff || end > bytes.length) return false
    if (zlib.crc32(bytes.subarray(offset + 4, offset + 8 + length)) >>> 0 !== bytes.readUInt32BE(offset + 8 + length))
      return false
    if (bytes.toString('latin1', offset + 4, offset + 8) === 'IEND') return true
    offset = end
  }
  return false
}

/** The first 16 bytes of a staged file (fewer are zeros), enough to tell its format by its content. */
export async function readHead(file: StagedFile): Promise<Buffer> {
  const handle = await fsp.open(file.tempPath, 'r')
  const head = Buffer.alloc(16)
  try {
    await handle.read(head, 0, 16, 0)
  } finally {
    await handle.close()
  }
  return head
}

/**
 * Judges the staged file by its content and re-encodes it (dropping metadata such as GPS position) under a new
 * random name, then puts it and its width copies in storage (the copies first, the original last). Returns that
 * name. Anything that is not a whole JPEG, PNG, GIF or WebP of at most 40 megapixels is a 422 on `Image`; a
 * storage that cannot be written is an error (500), and leaves nothing behind.
 */
export async function storeImage(file: StagedFile, kind: StoredKind): Promise<string> {
  const head = await readHead(file)
  const format = sniffImage(head)
  if (!format) throw invalidImage()
  // The decoder does not check a PNG's chunk checksums (a damaged IDAT checksum passes): they are checked here.
  if (format === 'png' && !pngChunksIntact(await fsp.readFile(file.tempPath)))
    throw invalidImage('Image is damaged or not a valid image file')

  // The header only: a pixel bomb is judged by its declared size before anything is decoded.
  let metadata: sharp.Metadata
  try {
    metadata = await sharp(file.tempPath, { limitInputPixels: false }).metadata()
  } catch {
    throw invalidImage('Image is damaged or not a valid image file')
  }
  if (metadata.format !== format) throw invalidImage()
  const width = metadata.width ?? 0
  const height = metadata.pageHeight ?? metadata.height ?? 0
  const frames = Math.max(1, metadata.pages ?? 1)
  if (!width || !height) throw invalidImage('Image is damaged or not a valid image file')
  const animated = (format === 'gif' || format === 'webp') && frames > 1
  if (width * height > MAX_IMAGE_PIXELS || (animated && width * height * frames > MAX_ANIMATION_PIXELS)) {
    throw invalidImage(`Image may not be larger than ${IMAGE_MAX_MEGAPIXELS} megapixels`)
  }

  // The stored picture's own size goes into its name (core/image-variants.js); a JPEG turned a quarter by its
  // EXIF orientation (5 to 8) is stored upright by rotate() below, so its sides swap.
  const turned = !animated && (metadata.orientation ?? 1) >= 5
  const name = storedName(
    crypto.randomBytes(16).toString('hex'),
    turned ? height : width,
    turned ? width : height,
    FORMATS[format],
  )
  const work = await stagingFolder('image-')
  try {
    let copies: string[]
    try {
      let image = sharp(file.tempPath, {
        limitInputPixels: animated ? MAX_ANIMATION_PIXELS : MAX_IMAGE_PIXELS,
        // Any damage the decoder reports (a corrupted PNG data chunk, a broken JPEG segment) refuses the file.
        failOn: 'warning',
        animated,
      })
      if (!animated) image = image.rotate()
      if (format === 'jpeg') image = image.jpeg({ quality: 85, mozjpeg: true })
      else if (format === 'png') image = image.png({ compressionLevel: 9 })
      else if (format === 'gif') image = image.gif()
      else image = image.webp({ quality: 85 })
      await withEncodeSlot(() => image.toFile(path.join(work, name)))
      // The copies are made from the cleaned file, only in the widths the picture has.
      copies = await writeCopies(path.join(work, name), work, name, copiesOf(name), animated)
    } catch {
      throw invalidImage('Image is damaged or not a valid image file')
    }
    // Marked before anything is stored: if the process dies before the record is committed, the sweep
    // (models/site/upload-sweep.server.ts) removes the files.
    await markPending(kind, name)
    try {
      for (const copy of copies) await storage().put(kind, copy, path.join(work, copy))
      await storage().put(kind, name, path.join(work, name))
    } catch (error) {
      await removeImage(kind, name).catch(() => undefined)
      await unmarkPending([name]).catch(() => undefined)
      throw error
    }
  } finally {
    await fsp.rm(work, { recursive: true, force: true })
  }
  return name
}

/**
 * Writes the WebP copies of the picture in `source` for stored name `name` into the work folder `dir` and returns
 * their file names (to be put in storage). One decode is shared by the copies; effort 2 encodes several times
 * faster than the default for a few % more bytes. A copy at the picture's own width is not resized.
 */
export async function writeCopies(
  source: string,
  dir: string,
  name: string,
  widths: number[],
  animated = false,
): Promise<string[]> {
  if (!widths.length) return []
  const decoded = sharp(source, { animated, limitInputPixels: false })
  return withEncodeSlot(() =>
    Promise.all(
      widths.map(async (width) => {
        const variant = variantName(name, width)
        await decoded
          .clone()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 75, effort: 2 })
          .toFile(path.join(dir, variant))
        return variant
      }),
    ),
  )
}

/**
 * The one way a record with an image is written: `file` (if any) is judged and stored first (outside the
 * write queue: re-encoding is slow), then `write` runs inside serializeWrite with the stored name. If the
 * write fails the new file is removed; if it succeeds, the file it reports as `replaced` is removed.
 * Validate every field before calling this, so a bad form never stores a file.
 */
export async function writeWithImage<T>(
  kind: StoredKind,
  file: StagedFile | undefined,
  write: (image: string | undefined) => Promise<{ result: T; replaced?: string | null }>,
): Promise<T> {
  const image = file ? await storeImage(file, kind) : undefined
  let outcome: { result: T; replaced?: string | null }
  try {
    outcome = await serializeWrite(async () => {
      const done = await write(image)
      // The record is committed: a marker left by a failure here only costs the sweep a look (the record keeps the
      // file).
      if (image) await prisma.pendingUpload.deleteMany({ where: { kind, name: image } }).catch(() => undefined)
      return done
    })
  } catch (error) {
    if (image) await removeImage(kind, image)
    if (image) await unmarkPending([image])
    throw error
  }
  if (outcome.replaced && outcome.replaced !== image) await removeImage(kind, outcome.replaced).catch(() => undefined)
  return outcome.result
}

/**
 * A stored file whose record is not committed yet is marked in the `pending_uploads` table, which every worker and
 * instance shares. If the process dies before the commit, the sweep (models/site/upload-sweep.server.ts) removes the
 * file unless a record points at it.
 */
async function markPending(kind: StoredKind, name: string) {
  await serializeWrite(() => prisma.pendingUpload.create({ data: { kind, name } }))
}

/** The records of these stored names are committed (or the files are gone): the sweep must leave them alone. */
export async function unmarkPending(names: string[]) {
  await serializeWrite(() => prisma.pendingUpload.deleteMany({ where: { name: { in: names } } }))
}

/**
 * The fields of a media upload (photo, slider) and its required image, every problem reported at once
 * (422), before anything is stored.
 */
export function parseMediaUpload<S extends z.ZodTypeAny>(
  schema: S,
  input: Record<string, unknown>,
): { data: z.infer<S>; file: StagedFile } {
  const file = stagedImage(input)
  const { data, errors } = checkInput(schema, input)
  if (!file) errors.Image = 'Image is required'
  if (Object.keys(errors).length || !file) throw validationError(errors)
  return { data: data as z.infer<S>, file }
}

/** A new record whose image is required (a photo, a slider): its fields and file checked first, then both stored. */
export async function createWithMedia<S extends z.ZodTypeAny, T>(
  kind: StoredKind,
  schema: S,
  input: Record<string, unknown>,
  create: (data: z.infer<S>, image: string) => Promise<T>,
): Promise<T> {
  const { data, file } = parseMediaUpload(schema, input)
  return writeWithImage(kind, file, async (image) => ({ result: await create(data, image!) }))
}

/** The uploaded file of a write's input (`image`), or undefined; a text `image` field (JSON clients) is ignored. */
export function stagedImage(input: Record<string, unknown>): StagedFile | undefined {
  const value = input.image
  if (value && typeof value === 'object' && typeof (value as StagedFile).tempPath === 'string')
    return value as StagedFile
  return undefined
}

/**
 * Every file a stored picture may have: its name and copies, and, for a picture named before names carried its
 * size, the older name of the same picture (kept so addresses already shared keep working) and its old copies.
 */
export function storedFiles(name: string): string[] {
  const files = new Set([name, ...copiesOf(name).map((width) => variantName(name, width))])
  const match = STORED_NAME.exec(name)
  if (match?.[2]) {
    const older = `${match[1]}.${match[4]}`
    for (const file of [older, ...VARIANT_WIDTHS.map((width) => variantName(older, width))]) files.add(file)
  }
  return [...files]
}

/**
 * Removes a stored upload and every file it may have (storedFiles); a missing file is not an error. Only plain names.
 */
export async function removeImage(kind: StoredKind, name: string | null | undefined) {
  if (!name || name !== path.basename(name) || name.startsWith('.')) return
  await Promise.all(storedFiles(name).map((file) => storage().remove(kind, file)))
}

/**
 * Puts a file that needs no re-encoding (a document's PDF, its preview picture) in the storage under `name`, marked
 * pending until its record is committed (see writeWithImage): the caller then calls `unmarkPending`, or on failure
 * `removeStoredFile`.
 */
export async function storeFile(kind: StoredKind, name: string, source: string): Promise<void> {
  await markPending(kind, name)
  try {
    await storage().put(kind, name, source)
  } catch (error) {
    await storage()
      .remove(kind, name)
      .catch(() => undefined)
    await unmarkPending([name]).catch(() => undefined)
    throw error
  }
}

/** Removes one stored file (no width copies); a missing file is not an error. Only plain names. */
export async function removeStoredFile(kind: StoredKind, name: string | null | undefined) {
  if (!name || name !== path.basename(name) || name.startsWith('.')) return
  await storage().remove(kind, name)
}

/** A new random file name with `extension` (`pdf`, `png`): 32 hex digits, as every stored name. */
export const randomFileName = (extension: string) => `${crypto.randomBytes(16).toString('hex')}.${extension}`
