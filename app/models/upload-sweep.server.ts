import { prisma, serializeWrite } from '~/server/db.server'
import { isUploadKind, removeImage, storage, type UploadKind } from '~/server/uploads.server'

/** The stored file names each kind's records point at. */
async function referencedImages(): Promise<Record<UploadKind, Set<string>>> {
  const where = { image: { not: null } }
  const select = { image: true } as const
  const [posts, products, photos, sliders, aparaturs] = await Promise.all([
    prisma.post.findMany({ where, select }),
    prisma.product.findMany({ where, select }),
    prisma.photo.findMany({ select }),
    prisma.slider.findMany({ select }),
    prisma.aparatur.findMany({ where, select }),
  ])
  const names = (rows: { image: string | null }[]) => new Set(rows.map((row) => row.image!).filter(Boolean))
  return { posts: names(posts), products: names(products), photos: names(photos), sliders: names(sliders), aparaturs: names(aparaturs) }
}

/**
 * An upload in progress is marked for a few seconds (while it is encoded, stored and its record written); a marker
 * older than this was left by a process that died. Another instance's upload in progress is never this old.
 */
export const PENDING_GRACE_MS = 15 * 60 * 1000

/**
 * Clean-up after a crash: every file marked pending (stored, record not yet committed; see uploads.server.ts)
 * that no record points at is removed with its width copies, and so is a half-copied `.partial` file of local
 * storage. Files without a marker are never touched, so a folder or bucket shared by mistake loses nothing.
 * `olderThanMs`: only markers at least that old. 0 is right only where no other process can be uploading: at the
 * start of a SQLite server, before its workers exist (one server owns a SQLite file). Returns how many files
 * were removed.
 */
export async function sweepOrphanUploads({ olderThanMs = PENDING_GRACE_MS } = {}): Promise<number> {
  const before = new Date(Date.now() - olderThanMs)
  const markers = await prisma.pendingUpload.findMany({ where: { created_at: { lte: before } } })
  let removed = await storage().sweepPartials(before)
  if (!markers.length) return removed
  const referenced = await referencedImages()
  for (const { kind, name } of markers) {
    if (isUploadKind(kind) && !referenced[kind].has(name)) {
      await removeImage(kind, name)
      removed++
    }
    await serializeWrite(() => prisma.pendingUpload.deleteMany({ where: { kind, name } }))
  }
  return removed
}
