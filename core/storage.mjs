// Where uploaded images live: a folder on local disk (the default) or an S3-compatible bucket (MinIO, Garage,
// Cloudflare R2, AWS). One interface for every user of the files: storing and removing them (the app), serving
// /uploads (server/serve-uploads.mjs), the crash sweep, the demo seed, backup, restore and migrate-data. Files are
// addressed by kind (posts, products, photos, sliders, aparaturs) and a name we generated; in a bucket the key
// is `{kind}/{name}`.
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { PRIVATE_KINDS, STORED_KINDS, UPLOAD_KINDS } from './upload-kinds.js'
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'

export { PRIVATE_KINDS, STORED_KINDS, UPLOAD_KINDS }

const TYPES = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', pdf: 'application/pdf' }
/** Stored names never change content (a replaced image gets a new name). */
export const IMMUTABLE = 'public, max-age=31536000, immutable'

export const contentTypeOf = (name) => TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream'

/**
 * The storage settings from the environment: STORAGE=local (UPLOADS_DIR) or STORAGE=s3 (S3_BUCKET required;
 * S3_ENDPOINT for a service other than AWS; S3_REGION; S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together or
 * neither (the SDK's own credential chain); S3_PUBLIC_URL to redirect /uploads there; S3_PRIVATE_BUCKET for the
 * private area; S3_FORCE_PATH_STYLE).
 * Throws an Error naming the variable at fault.
 * @returns {{ kind: 'local', root: string } | { kind: 's3', bucket: string, region: string, endpoint?: string,
 *   accessKeyId?: string, secretAccessKey?: string, publicUrl?: string, privateBucket?: string,
 *   forcePathStyle: boolean }}
 */
export function storageConfig(env = process.env, uploadsDir = path.resolve(env.UPLOADS_DIR?.trim() || './uploads')) {
  const text = (name) => env[name]?.trim() || undefined
  const kind = (text('STORAGE') ?? 'local').toLowerCase()
  if (kind === 'local') return { kind: 'local', root: uploadsDir }
  if (kind !== 's3') throw new Error('STORAGE must be local or s3')
  const bucket = text('S3_BUCKET')
  if (!bucket) throw new Error('S3_BUCKET is required when STORAGE=s3')
  const endpoint = text('S3_ENDPOINT')
  if (endpoint && !/^https?:\/\/[^\s/]+\/?$/.test(endpoint))
    throw new Error('S3_ENDPOINT must be an address such as https://s3.example.com or http://minio:9000')
  const publicUrl = text('S3_PUBLIC_URL')?.replace(/\/+$/, '')
  if (publicUrl && !/^https?:\/\/[^\s]+$/.test(publicUrl)) throw new Error('S3_PUBLIC_URL must be an http(s) address')
  const accessKeyId = text('S3_ACCESS_KEY_ID')
  const secretAccessKey = text('S3_SECRET_ACCESS_KEY')
  if (!accessKeyId !== !secretAccessKey) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together')
  // The private area (documents, report photos: decision 045) in a bucket of its own, which nothing serves publicly;
  // without it, under `private/` in S3_BUCKET, a prefix the bucket's public policy must leave out.
  const privateBucket = text('S3_PRIVATE_BUCKET')
  const pathStyle = text('S3_FORCE_PATH_STYLE')?.toLowerCase()
  if (pathStyle && !['1', '0', 'true', 'false'].includes(pathStyle))
    throw new Error('S3_FORCE_PATH_STYLE must be true or false')
  return {
    kind: 's3',
    bucket,
    region: text('S3_REGION') ?? 'us-east-1',
    endpoint,
    accessKeyId,
    secretAccessKey,
    publicUrl,
    privateBucket,
    // Self-hosted services (MinIO, Garage) answer at one address with the bucket in the path.
    forcePathStyle: pathStyle ? pathStyle === '1' || pathStyle === 'true' : Boolean(endpoint),
  }
}

const plainName = (name) =>
  typeof name === 'string' && name !== '' && name === path.basename(name) && !name.startsWith('.')

/** The storage an environment describes (see storageConfig). */
export const storageFromEnv = (env = process.env) => createStorage(storageConfig(env))

export function createStorage(config) {
  return config.kind === 's3' ? s3Storage(config) : localStorage(config)
}

/**
 * UPLOADS_DIR/{kind}/{name}. A file is copied in under a `.partial` name the server never serves and renamed into
 * place, so a crash never leaves half an image behind a valid name.
 */
function localStorage(config) {
  const { root } = config
  const file = (kind, name) => path.join(root, kind, name)
  return {
    config,
    describe: () => root,
    /** Deletes the folder and every file in it (a village deleted from a regency install). */
    async removeAll() {
      await fsp.rm(root, { recursive: true, force: true })
    },
    async prepare() {
      await Promise.all(STORED_KINDS.map((kind) => fsp.mkdir(path.join(root, kind), { recursive: true })))
    },
    async put(kind, name, source) {
      const target = file(kind, name)
      await fsp.mkdir(path.dirname(target), { recursive: true })
      await fsp.copyFile(source, `${target}.partial`)
      await fsp.rename(`${target}.partial`, target)
    },
    async remove(kind, name) {
      if (plainName(name)) await fsp.rm(file(kind, name), { force: true })
    },
    /**
     * `to` as a second name of the stored file `from` (a hard link; a copy where links are not possible). False if
     * `from` is missing.
     */
    async alias(kind, from, to) {
      if (!plainName(from) || !plainName(to)) return false
      try {
        await fsp.link(file(kind, from), file(kind, to))
      } catch (error) {
        if (error.code === 'ENOENT') return false
        if (error.code !== 'EEXIST') {
          await fsp.copyFile(file(kind, from), `${file(kind, to)}.partial`)
          await fsp.rename(`${file(kind, to)}.partial`, file(kind, to))
        }
      }
      return true
    },
    async list(kind) {
      const names = await fsp.readdir(path.join(root, kind), { withFileTypes: true }).catch(() => [])
      return names
        .filter((entry) => entry.isFile() && !entry.name.endsWith('.partial'))
        .map((entry) => entry.name)
        .sort()
    },
    async read(kind, name) {
      return plainName(name) ? fsp.readFile(file(kind, name)).catch(() => null) : null
    },
    async exists(kind, name) {
      return plainName(name) && fs.existsSync(file(kind, name))
    },
    /** A stored file as a stream and its size, read as it is sent (never whole in memory); null when absent. */
    async stream(kind, name) {
      if (!plainName(name)) return null
      const handle = await fsp.open(file(kind, name), 'r').catch(() => null)
      if (!handle) return null
      const stat = await handle.stat()
      return { size: stat.size, body: handle.createReadStream() }
    },
    /** A stored file's size in bytes and media type (from its name, which storing gave it); null when absent. */
    async info(kind, name) {
      const stat = plainName(name) ? await fsp.stat(file(kind, name)).catch(() => null) : null
      return stat?.isFile() ? { size: stat.size, type: contentTypeOf(name) } : null
    },
    /** Half-copied files older than `before` (a crash during put). Returns how many were removed. */
    async sweepPartials(before) {
      let removed = 0
      for (const kind of STORED_KINDS) {
        const dir = path.join(root, kind)
        for (const name of await fsp.readdir(dir).catch(() => [])) {
          if (!name.endsWith('.partial')) continue
          const stat = await fsp.stat(path.join(dir, name)).catch(() => null)
          if (stat && stat.mtimeMs < before.getTime()) {
            await fsp.rm(path.join(dir, name), { force: true })
            removed++
          }
        }
      }
      return removed
    },
    /** Answers GET/HEAD with the file (ranges, ETag, Last-Modified); resolves false when there is no such file. */
    send(req, res, kind, name, headers) {
      return new Promise((resolve) => {
        res.sendFile(
          path.join(kind, name),
          { root, dotfiles: 'deny', etag: true, lastModified: true, headers },
          (error) => {
            if (error && !res.headersSent) resolve(false)
            else resolve(true)
          },
        )
      })
    },
  }
}

/**
 * One client per service and credentials, shared by every storage that reaches them: with REGENCY_HOST each village
 * has a storage of its own (its prefix), and all of them share one client and its pool of connections.
 */
const s3Clients = new Map()
function s3Client(config) {
  const id = JSON.stringify([config.region, config.endpoint, config.forcePathStyle, config.accessKeyId])
  let client = s3Clients.get(id)
  if (!client) {
    client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.accessKeyId
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
      // Checksums only where S3 requires them: several S3-compatible services do not speak the newer ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    })
    s3Clients.set(id, client)
  }
  return client
}

/**
 * A bucket of any S3-compatible service, through the official AWS SDK. `config.prefix` (with REGENCY_HOST, a
 * village's `villages/{id}/`) is the folder of the bucket (and of the private bucket) every key of this storage lives
 * under: `{prefix}{kind}/{name}`; without one, `{kind}/{name}` as always.
 */
function s3Storage(config) {
  const client = s3Client(config)
  const publicBucket = config.bucket
  const prefix = config.prefix ?? ''
  // Every call names its object by kind: a private kind's objects are in the private bucket when there is one.
  const bucketOf = (kind) =>
    config.privateBucket && PRIVATE_KINDS.includes(kind) ? config.privateBucket : publicBucket
  // A private kind stays under `private/` (the prefix a public bucket's policy leaves out), the village's prefix after
  // it: `private/villages/{id}/documents/{name}`.
  const folderOf = (kind) =>
    kind.startsWith('private/') ? `private/${prefix}${kind.slice('private/'.length)}/` : `${prefix}${kind}/`
  const key = (kind, name) => `${folderOf(kind)}${name}`
  const missing = (error) =>
    error?.name === 'NoSuchKey' || error?.name === 'NotFound' || error?.$metadata?.httpStatusCode === 404
  return {
    config,
    client,
    describe: () =>
      `s3://${publicBucket}` +
      `${config.privateBucket ? ` (private: s3://${config.privateBucket})` : ''}` +
      `${config.endpoint ? ` at ${config.endpoint}` : ''}`,
    async prepare() {
      // Fails early, with the service's own message, when a bucket cannot be reached.
      await client.send(new HeadBucketCommand({ Bucket: publicBucket }))
      if (config.privateBucket) await client.send(new HeadBucketCommand({ Bucket: config.privateBucket }))
    },
    async put(kind, name, source) {
      const body = await fsp.readFile(source)
      await client.send(
        new PutObjectCommand({
          Bucket: bucketOf(kind),
          Key: key(kind, name),
          Body: body,
          ContentLength: body.length,
          ContentType: contentTypeOf(name),
          CacheControl: IMMUTABLE,
        }),
      )
    },
    async remove(kind, name) {
      if (plainName(name)) await client.send(new DeleteObjectCommand({ Bucket: bucketOf(kind), Key: key(kind, name) }))
    },
    /** `to` as a copy of the stored object `from`, made by the service itself. False if `from` is missing. */
    async alias(kind, from, to) {
      if (!plainName(from) || !plainName(to)) return false
      try {
        await client.send(
          new CopyObjectCommand({
            Bucket: bucketOf(kind),
            Key: key(kind, to),
            CopySource: `${bucketOf(kind)}/${key(kind, from)}`,
            ContentType: contentTypeOf(to),
            CacheControl: IMMUTABLE,
            MetadataDirective: 'REPLACE',
          }),
        )
        return true
      } catch (error) {
        if (missing(error)) return false
        throw error
      }
    },
    async list(kind) {
      const names = []
      let ContinuationToken
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucketOf(kind), Prefix: folderOf(kind), ContinuationToken }),
        )
        for (const object of page.Contents ?? []) {
          const name = object.Key.slice(folderOf(kind).length)
          if (plainName(name)) names.push(name)
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
      return names.sort()
    },
    async read(kind, name) {
      if (!plainName(name)) return null
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucketOf(kind), Key: key(kind, name) }))
        return Buffer.from(await object.Body.transformToByteArray())
      } catch (error) {
        if (missing(error)) return null
        throw error
      }
    },
    async exists(kind, name) {
      if (!plainName(name)) return false
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucketOf(kind), Key: key(kind, name) }))
        return true
      } catch (error) {
        if (missing(error)) return false
        throw error
      }
    },
    async stream(kind, name) {
      if (!plainName(name)) return null
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucketOf(kind), Key: key(kind, name) }))
        return { size: Number(object.ContentLength ?? 0), body: object.Body }
      } catch (error) {
        if (missing(error)) return null
        throw error
      }
    },
    async info(kind, name) {
      if (!plainName(name)) return null
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucketOf(kind), Key: key(kind, name) }))
        return { size: Number(head.ContentLength ?? 0), type: head.ContentType || contentTypeOf(name) }
      } catch (error) {
        if (missing(error)) return null
        throw error
      }
    },
    async sweepPartials() {
      return 0 // a PUT is all or nothing
    },
    /**
     * Deletes every object under this storage's prefix and `private/` + it, in both buckets (a village deleted from a
     * regency install).
     * Refused without a prefix: it would empty the whole bucket.
     */
    async removeAll() {
      if (!prefix) throw new Error('removeAll needs a prefix: it would empty the whole bucket')
      const buckets = [...new Set([publicBucket, config.privateBucket].filter(Boolean))]
      for (const [Bucket, Prefix] of buckets.flatMap((bucket) => [
        [bucket, prefix],
        [bucket, `private/${prefix}`],
      ])) {
        // The first page again after each round of deletes, until none is left under the prefix.
        for (;;) {
          const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix }))
          const keys = (page.Contents ?? []).map((object) => object.Key)
          if (!keys.length) break
          for (let at = 0; at < keys.length; at += 8)
            await Promise.all(
              keys.slice(at, at + 8).map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))),
            )
        }
      }
    },
    /**
     * Redirects to S3_PUBLIC_URL when set (the bucket or its CDN serves the file); otherwise streams it from the
     * bucket with our headers, passing ranges and If-None-Match / If-Modified-Since on. Resolves false when the
     * bucket has no such file.
     */
    async send(req, res, kind, name, headers) {
      if (config.publicUrl) {
        res.setHeader('Cache-Control', 'public, max-age=86400')
        res.redirect(302, `${config.publicUrl}/${folderOf(kind)}${encodeURIComponent(name)}`)
        return true
      }
      const input = {
        Bucket: bucketOf(kind),
        Key: key(kind, name),
        Range: req.headers.range,
        IfNoneMatch: req.headers['if-none-match'],
        IfModifiedSince: req.headers['if-modified-since'] ? new Date(req.headers['if-modified-since']) : undefined,
      }
      if (Number.isNaN(input.IfModifiedSince?.getTime())) input.IfModifiedSince = undefined
      let object
      try {
        object = await client.send(req.method === 'HEAD' ? new HeadObjectCommand(input) : new GetObjectCommand(input))
      } catch (error) {
        const status = error?.$metadata?.httpStatusCode
        if (status === 304) {
          res.set(headers).status(304).end()
          return true
        }
        if (status === 416) {
          res.set(headers).status(416).end()
          return true
        }
        if (missing(error)) return false
        throw error
      }
      res.set(headers)
      if (object.ETag) res.setHeader('ETag', object.ETag)
      if (object.LastModified) res.setHeader('Last-Modified', object.LastModified.toUTCString())
      if (object.ContentLength !== undefined) res.setHeader('Content-Length', object.ContentLength)
      res.setHeader('Accept-Ranges', 'bytes')
      if (object.ContentRange) {
        res.setHeader('Content-Range', object.ContentRange)
        res.status(206)
      } else {
        res.status(200)
      }
      if (req.method === 'HEAD' || !object.Body) {
        res.end()
        return true
      }
      await new Promise((resolve) => {
        object.Body.on('error', () => res.destroy())
        res.on('close', () => {
          object.Body.destroy?.()
          resolve()
        })
        object.Body.pipe(res)
      })
      return true
    },
  }
}
