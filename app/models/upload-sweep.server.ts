import fsp from 'node:fs/promises'
import path from 'node:path'
import { prisma } from '~/server/db.server'
import { getEnv } from '~/server/env.server'
import { isUploadKind, pendingDir, UPLOAD_KINDS, type UploadKind } from '~/server/uploads.server'

/** The stored file names each kind's records point at. */
async function referencedImages(): Promise<Record<UploadKind, Set<string>>> {
  const where = { image: { not: null } }
  const select = { image: true } as const
  const [posts, products, photos, sliders, aparaturs, settings] = await Promise.all([
    prisma.post.findMany({ where, select }),
    prisma.product.findMany({ where, select }),
    prisma.photo.findMany({ select }),
    prisma.slider.findMany({ select }),
    prisma.aparatur.findMany({ where, select }),
    prisma.siteSetting.findMany({ select: { logo: true } }),
  ])
  const names = (rows: { image: string | null }[]) => new Set(rows.map((row) => row.image!).filter(Boolean))
  return {
    posts: names(posts),
    products: names(products),
    photos: names(photos),
    sliders: names(sliders),
    aparaturs: names(aparaturs),
    settings: names(settings.map((row) => ({ image: row.logo }))),
  }
}

/** `abc.jpg`, `abc-480.webp` and `abc.webp` all belong to the record whose image is `abc.jpg`. */
const stem = (name: string) => name.replace(/\.partial$/, '').replace(/(-\d+)?\.[a-z0-9]+$/i, '')

/**
 * Start-up clean-up after a crash: every file marked pending (stored, record not yet committed; see
 * uploads.server.ts) that no record points at is removed with its variants, and so is any half-written
 * `.partial` file. Files without a marker are never touched, so a folder shared by mistake loses nothing.
 * Runs before the server listens, when nothing can be uploading. Returns how many files were removed.
 */
export async function sweepOrphanUploads(): Promise<number> {
  const referenced = await referencedImages()
  const uploads = getEnv().UPLOADS_DIR
  let removed = 0
  const remove = async (file: string) => {
    await fsp.rm(file, { force: true })
    removed++
  }
  const list = (dir: string) => fsp.readdir(dir).catch(() => [] as string[])

  for (const marker of await list(pendingDir())) {
    const [kind, name] = marker.split('__')
    if (isUploadKind(kind) && name && !referenced[kind].has(name)) {
      const dir = path.join(uploads, kind)
      for (const file of await list(dir)) if (stem(file) === stem(name)) await remove(path.join(dir, file))
    }
    await fsp.rm(path.join(pendingDir(), marker), { force: true })
  }
  for (const kind of UPLOAD_KINDS) {
    const dir = path.join(uploads, kind)
    for (const file of await list(dir)) if (file.endsWith('.partial')) await remove(path.join(dir, file))
  }
  return removed
}
