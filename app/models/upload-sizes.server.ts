import fsp from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { copiesOf, pictureSize, STORED_NAME, storedName, VARIANT_WIDTHS, variantName } from '~/lib/image-variants'
import { prisma, serializeWrite } from '~/server/db.server'
import { getEnv } from '~/server/env.server'
import { Prisma } from '~/generated/prisma/client'
import { UPLOAD_KINDS, type UploadKind, writeCopies } from '~/server/uploads.server'

/** Each kind of picture belongs to the rows of the table of the same name. */
type Renamed = { kind: UploadKind; id: number; from: string; to: string }

/** `to` as a second name of the file `from` (a hard link, or a copy where links are not possible); false if `from` is missing. */
async function alsoName(from: string, to: string): Promise<boolean> {
  try {
    await fsp.link(from, to)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return false
    if (code !== 'EEXIST') await fsp.copyFile(from, to)
  }
  return true
}

/** The picture's width and (frame) height as stored; undefined when the file is missing or unreadable. */
async function measure(file: string): Promise<{ width: number; height: number } | undefined> {
  try {
    const metadata = await sharp(file, { limitInputPixels: false }).metadata()
    const height = metadata.pageHeight ?? metadata.height
    return metadata.width && height ? { width: metadata.width, height } : undefined
  } catch {
    return undefined
  }
}

/**
 * Gives every picture stored before names carried their size (`{32 hex}.jpg`) a name with it
 * (`{32 hex}-{w}x{h}.jpg`), so pages can declare its real size and list only the widths it really has.
 * For each: the file gets the new name as a second name, its copies are put under the new name in the widths the
 * picture has (an old copy narrower than the picture is reused, the rest is made), the record points at the new
 * name, and the old copies go: the old ones at widths the picture did not have held its full size under a false
 * width. The old name of the original stays (same file) so addresses already shared keep working; removing the
 * picture removes it too (uploads.server.ts, storedFiles). A missing or unreadable file is left as it is.
 * Idempotent, and safe to stop at any point: it runs before the server listens (app/startup.server.ts), and a
 * second run finishes what a first one left. Returns how many pictures were renamed.
 */
export async function nameUploadSizes(): Promise<number> {
  const uploads = getEnv().UPLOADS_DIR
  const renamed: Renamed[] = []
  for (const kind of UPLOAD_KINDS) {
    const rows = await prisma.$queryRaw<{ id: number | bigint; image: string }[]>`SELECT "id", "image" FROM ${Prisma.raw(`"${kind}"`)} WHERE "image" IS NOT NULL`
    const dir = path.join(uploads, kind)
    for (const row of rows) {
      const match = STORED_NAME.exec(row.image)
      if (!match || pictureSize(row.image)) continue
      const original = path.join(dir, row.image)
      const size = await measure(original)
      if (!size) continue
      const name = storedName(match[1], size.width, size.height, match[4])
      await alsoName(original, path.join(dir, name))
      const missing: number[] = []
      for (const width of copiesOf(name)) {
        // The old copy of the smallest standard width at least this wide holds exactly this width: the old upload
        // path resized to each standard width without enlarging. Made afresh where it is missing.
        const standard = VARIANT_WIDTHS.find((candidate) => candidate >= width)!
        if (!(await alsoName(path.join(dir, variantName(row.image, standard)), path.join(dir, variantName(name, width))))) missing.push(width)
      }
      await writeCopies(path.join(dir, name), dir, name, missing)
      renamed.push({ kind, id: Number(row.id), from: row.image, to: name })
    }
  }
  if (!renamed.length) return 0
  // Raw updates: the content did not change, so neither does `updated_at` (Prisma's @updatedAt would).
  await serializeWrite(() =>
    prisma.$transaction(
      renamed.map(({ kind, id, from, to }) => prisma.$executeRaw`UPDATE ${Prisma.raw(`"${kind}"`)} SET "image" = ${to} WHERE "id" = ${id} AND "image" = ${from}`),
    ),
  )
  for (const { kind, from } of renamed) {
    for (const width of VARIANT_WIDTHS) await fsp.rm(path.join(uploads, kind, variantName(from, width)), { force: true })
  }
  return renamed.length
}
