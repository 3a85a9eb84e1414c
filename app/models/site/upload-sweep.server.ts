import { prisma, serializeWrite } from '~/utils/db.server'
import { isPrivateKind, isUploadKind, RECORD_KINDS, type RecordKind } from '~/lib/upload-urls'
import { removeImage, storage } from '~/utils/upload-pipeline.server'
import { isContentImageUsed } from '~/models/content/content-images.server'
import { IMAGE_TABLES } from './crud.server'

/** The stored file names each kind's records point at. */
async function referencedImages(): Promise<Record<RecordKind, Set<string>>> {
  const names = await Promise.all(
    RECORD_KINDS.map(async (kind) => {
      const rows = await IMAGE_TABLES[kind].findMany({ select: { image: true } })
      return [kind, new Set(rows.flatMap((row) => (row.image ? [row.image] : [])))] as const
    }),
  )
  return Object.fromEntries(names) as Record<RecordKind, Set<string>>
}

/** Whether a record holds a file of the private area (a document's PDF or preview, a report's photo). */
async function privateFileUsed(kind: string, name: string): Promise<boolean> {
  if (kind === 'private/documents')
    return !!(await prisma.document.findFirst({
      where: { OR: [{ file: name }, { preview: name }] },
      select: { id: true },
    }))
  if (kind === 'private/reports')
    return !!(await prisma.report.findFirst({ where: { image: name }, select: { id: true } }))
  if (kind === 'private/letters')
    return !!(
      (await prisma.letterAttachment.findFirst({ where: { file: name }, select: { id: true } })) ??
      (await prisma.letter.findFirst({ where: { pdf_file: name }, select: { id: true } }))
    )
  return true
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
    // A content image is used while some rich text holds it (content-images.server.ts).
    if (isUploadKind(kind) && !(kind === 'content' ? await isContentImageUsed(name) : referenced[kind].has(name))) {
      await removeImage(kind, name)
      removed++
    } else if (isPrivateKind(kind) && !(await privateFileUsed(kind, name))) {
      await removeImage(kind, name)
      removed++
    }
    await serializeWrite(() => prisma.pendingUpload.deleteMany({ where: { kind, name } }))
  }
  return removed
}
