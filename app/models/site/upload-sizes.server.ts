import fsp from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { copiesOf, pictureSize, STORED_NAME, storedName, VARIANT_WIDTHS, variantName } from '#core/image-variants.js'
import { RECORD_KINDS, type RecordKind } from '~/lib/upload-urls'
import { Prisma } from '~/generated/prisma/client'
import { prisma, serializeWrite } from '~/utils/db.server'
import { storage, writeCopies, stagingFolder } from '~/utils/upload-pipeline.server'
import { IMAGE_TABLES } from './crud.server'

type Renamed = { kind: RecordKind; from: string; to: string }

/** Where each kind's stored name is kept: the table of the same name's `image`; the site's logo in its settings. */
const NAME_COLUMN: Record<RecordKind, { table: string; column: string }> = {
  posts: { table: 'posts', column: 'image' },
  products: { table: 'products', column: 'image' },
  photos: { table: 'photos', column: 'image' },
  sliders: { table: 'sliders', column: 'image' },
  aparaturs: { table: 'aparaturs', column: 'image' },
  events: { table: 'events', column: 'image' },
  settings: { table: 'site_settings', column: 'logo' },
  // Stored with their size in their name from the start: never renamed (the progress photos are named alike).
  developments: { table: 'developments', column: 'image' },
  maps: { table: 'map_features', column: 'image' },
}

/** The picture's width and (frame) height as stored; undefined when it is unreadable. */
async function measure(file: Buffer): Promise<{ width: number; height: number } | undefined> {
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
 * For each: the stored file gets the new name as a second name (storage's `alias`: a hard link on disk, a copy made
 * by the bucket), its copies are put under the new name in the widths the picture has (an old copy narrower than
 * the picture is reused, the rest is made), the record points at the new name, and the old copies go: the old ones
 * at widths the picture did not have held its full size under a false width. The old name of the original stays
 * so addresses already shared keep working; removing the picture removes it too (uploads.server.ts, storedFiles).
 * A missing or unreadable file is left as it is. Idempotent, and safe to stop at any point: it runs before the
 * server listens (app/startup.server.ts), and a second run finishes what a first one left. Returns how many
 * pictures were renamed.
 */
export async function nameUploadSizes(): Promise<number> {
  const files = storage()
  const renamed: Renamed[] = []
  const work = await stagingFolder('sizes-')
  try {
    // Content images were always stored with their size in their name.
    for (const kind of RECORD_KINDS) {
      const rows = await IMAGE_TABLES[kind].findMany({ select: { image: true } })
      for (const image of new Set(rows.flatMap((row) => (row.image ? [row.image] : [])))) {
        const match = STORED_NAME.exec(image)
        if (!match || pictureSize(image)) continue
        const original = await files.read(kind, image)
        const size = original && (await measure(original))
        if (!size) continue
        const name = storedName(match[1], size.width, size.height, match[4])
        const missing: number[] = []
        for (const width of copiesOf(name)) {
          // The old copy of the smallest standard width at least this wide holds exactly this width: the old upload
          // path resized to each standard width without enlarging. Made afresh where it is missing.
          const standard = VARIANT_WIDTHS.find((candidate) => candidate >= width)!
          if (!(await files.alias(kind, variantName(image, standard), variantName(name, width)))) missing.push(width)
        }
        if (missing.length) {
          const source = path.join(work, name)
          await fsp.writeFile(source, original)
          for (const copy of await writeCopies(source, work, name, missing))
            await files.put(kind, copy, path.join(work, copy))
        }
        // The original under its new name last: the name a record will point at exists only with its copies.
        if (!(await files.alias(kind, image, name))) continue
        renamed.push({ kind, from: image, to: name })
      }
    }
  } finally {
    await fsp.rm(work, { recursive: true, force: true })
  }
  if (!renamed.length) return 0
  // Raw updates: the content did not change, so neither does `updated_at` (Prisma's @updatedAt would).
  await serializeWrite(() =>
    prisma.$transaction(
      renamed.map(({ kind, from, to }) => {
        const { table, column } = NAME_COLUMN[kind]
        return prisma.$executeRaw`UPDATE ${Prisma.raw(`"${table}"`)} SET ${Prisma.raw(`"${column}"`)} = ${to} WHERE ${Prisma.raw(`"${column}"`)} = ${from}`
      }),
    ),
  )
  for (const { kind, from } of renamed) {
    for (const width of VARIANT_WIDTHS) await files.remove(kind, variantName(from, width))
  }
  return renamed.length
}
