import { Prisma } from '~/generated/prisma/client'
import { prisma, serializeWrite } from '~/utils/db.server'
import { contentImageNames } from '~/lib/content-image-urls'
import { forgetStored, storeInlineImages } from '~/utils/content-image-store.server'
import { sanitizeRichText } from '~/utils/sanitize.server'
import { removeImage, storeImage, unmarkPending, type StagedFile } from '~/utils/upload-pipeline.server'
import { pictureSize } from '#core/image-variants.js'
import { uploadUrl } from '~/lib/upload-urls'
import { recordActivity, type Actor } from '~/models/accounts/activity.server'
import { z } from '~/utils/response-shape.server'

/**
 * Which content images are used, and when an unused one goes (docs/decisions/027-alt-text-and-content-images.md).
 * An image is used while some rich text holds its address. `content_uploads` lists the images that may be unused: a
 * fresh upload not saved yet, an image an edit dropped. The sweep removes those still unused 24 hours later; deleting
 * a record removes its images that no other record holds at once.
 */

/** A rich-text column as the API shows it: HTML, sanitised as it was written (`sanitizedRichText`). */
export const richTextResponse = () => z.string().openapi({ description: 'Sanitised HTML' })

/** The rich-text columns whose `<img src>` count as uses. */
export const CONTENT_COLUMNS = [
  { table: 'posts', column: 'content' },
  { table: 'pages', column: 'content' },
  { table: 'products', column: 'content' },
  { table: 'aparaturs', column: 'description' },
  { table: 'events', column: 'description' },
  { table: 'announcements', column: 'content' },
  { table: 'developments', column: 'description' },
] as const

/** How long an unused content upload is kept (the editor may hold it unsaved that long). */
export const CONTENT_UPLOAD_GRACE_MS = 24 * 3600 * 1000

const quoted = (name: string) => Prisma.raw(`"${name}"`)

/** Whether any rich text holds the content image `name` (stored names have no LIKE wildcards). */
export async function isContentImageUsed(name: string): Promise<boolean> {
  const needle = `%${uploadUrl('content', name)}%`
  // A kept revision's fields (JSON text) hold it too: restoring must find it (app/models/content/revision.server.ts).
  const probes = [...CONTENT_COLUMNS, { table: 'revisions', column: 'fields' }].map(
    ({ table, column }) => Prisma.sql`SELECT 1 AS "used" FROM ${quoted(table)} WHERE ${quoted(column)} LIKE ${needle}`,
  )
  const rows = await prisma.$queryRaw<
    unknown[]
  >`SELECT 1 AS "used" WHERE EXISTS (${Prisma.join(probes, ' UNION ALL ')})`
  return rows.length > 0
}

/**
 * POST /api/admin/uploads: stores the image as a content upload, noted as unused until some content holds it, and
 * logs it (`create` of `uploads`, under its stored name) like every other write.
 */
export async function uploadContentImage(file: StagedFile, actor: Actor) {
  const name = await storeImage(file, 'content')
  try {
    await serializeWrite(() =>
      prisma.$transaction([
        prisma.contentUpload.create({ data: { name } }),
        prisma.pendingUpload.deleteMany({ where: { kind: 'content', name } }),
      ]),
    )
  } catch (error) {
    await forgetStored([name])
    throw error
  }
  const size = pictureSize(name)!
  await recordActivity({ actor, action: 'create', resource: 'uploads', summary: name })
  return { url: uploadUrl('content', name)!, width: size.width, height: size.height }
}

/**
 * Writes a record whose rich-text `fields` may hold `data:` images: they are stored first (422 on the field for a
 * damaged one), `write` runs with the rewritten values, and the stored images are removed again if it fails.
 */
export async function withContentImages<D extends Record<string, unknown>, T>(
  data: D,
  fields: readonly (keyof D & string)[],
  write: (data: D) => Promise<T>,
): Promise<T> {
  const { data: stored, stored: names } = await storeInlineImages(data, fields, sanitizeRichText)
  let result: T
  try {
    result = await write(stored)
  } catch (error) {
    await forgetStored(names)
    throw error
  }
  // Saved in the record: the pending sweep must leave them alone.
  if (names.length) await unmarkPending(names).catch(() => undefined)
  return result
}

/**
 * Inside a write: the content images `before` held that `after` no longer holds may now be unused. They are noted,
 * and the sweep removes them in 24 hours unless some content holds them again by then.
 */
export async function noteDroppedImages(before: string | null | undefined, after: string | null | undefined) {
  const kept = new Set(contentImageNames(after))
  const dropped = contentImageNames(before).filter((name) => !kept.has(name))
  for (const name of dropped) {
    await prisma.contentUpload.upsert({ where: { name }, create: { name }, update: { created_at: new Date() } })
  }
}

/** After a record was deleted: its content images that no other record holds go at once. */
export async function removeUnusedImages(html: string | null | undefined) {
  for (const name of contentImageNames(html)) {
    const gone = await serializeWrite(async () => {
      if (await isContentImageUsed(name)) return false
      await prisma.contentUpload.deleteMany({ where: { name } })
      return true
    })
    if (gone) await removeImage('content', name)
  }
}

type ContentTable = (typeof CONTENT_COLUMNS)[number]['table']

/**
 * Deletes the record `id` of `table` with `remove`, then the content images of its rich text that nothing else holds.
 */
export async function deleteWithContent(table: ContentTable, id: number, remove: () => Promise<void>) {
  const { column } = CONTENT_COLUMNS.find((entry) => entry.table === table)!
  const rows = await prisma.$queryRaw<
    { html: string }[]
  >`SELECT ${quoted(column)} AS "html" FROM ${quoted(table)} WHERE "id" = ${id}`
  await remove()
  await removeUnusedImages(rows[0]?.html)
}

/**
 * The periodic clean-up: every content upload noted as possibly unused at least `olderThanMs` ago is removed with its
 * copies if no content holds it, and forgotten either way. Each check and its note's removal run inside one write,
 * so a save that starts using the image cannot slip between them. Safe with several instances. Returns how many
 * images were removed.
 */
export async function sweepContentUploads({ olderThanMs = CONTENT_UPLOAD_GRACE_MS } = {}): Promise<number> {
  const due = await prisma.contentUpload.findMany({
    where: { created_at: { lte: new Date(Date.now() - olderThanMs) } },
    select: { name: true },
  })
  let removed = 0
  for (const { name } of due) {
    const unused = await serializeWrite(async () => {
      const noted = await prisma.contentUpload.deleteMany({
        where: { name, created_at: { lte: new Date(Date.now() - olderThanMs) } },
      })
      return noted.count > 0 && !(await isContentImageUsed(name))
    })
    if (unused) {
      await removeImage('content', name)
      removed++
    }
  }
  return removed
}

/** The `<img>` tags of sanitised HTML with an empty alt text or none. */
const imagesWithoutAlt = (html: string) =>
  (html.match(/<img\b[^>]*>/gi) ?? []).filter((tag) => !/\salt="[^"]*\S[^"]*"/i.test(tag)).length

/**
 * The admin dashboard's reminder: how many images still lack an alt text. Records with an image and an empty
 * `image_alt`, the logo without `logo_alt`, and the images inside rich text without an `alt`.
 */
export async function countImagesWithoutAlt(): Promise<number> {
  const noAlt = { image_alt: '' }
  const withImage = { image: { not: null }, image_alt: '' }
  const [posts, products, aparaturs, photos, sliders, logo, events] = await Promise.all([
    prisma.post.count({ where: withImage }),
    prisma.product.count({ where: withImage }),
    prisma.aparatur.count({ where: withImage }),
    prisma.photo.count({ where: noAlt }),
    prisma.slider.count({ where: noAlt }),
    prisma.siteSetting.count({ where: { logo: { not: null }, logo_alt: '' } }),
    prisma.event.count({ where: withImage }),
  ])
  let inContent = 0
  for (const { table, column } of CONTENT_COLUMNS) {
    const rows = await prisma.$queryRaw<
      { html: string }[]
    >`SELECT ${quoted(column)} AS "html" FROM ${quoted(table)} WHERE ${quoted(column)} LIKE ${'%<img%'}`
    for (const row of rows) inContent += imagesWithoutAlt(row.html)
  }
  return posts + products + aparaturs + photos + sliders + logo + events + inContent
}
