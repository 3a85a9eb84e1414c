import { Prisma } from '~/generated/prisma/client'
import { prisma, serializeWrite } from '~/utils/db.server'
import { storeInlineImages } from '~/utils/content-image-store.server'
import { HttpError } from '~/utils/http.server'
import { log } from '~/utils/error-log.server'
import { sanitizeRichText } from '~/utils/sanitize.server'
import { unmarkPending } from '~/utils/upload-pipeline.server'
import { CONTENT_COLUMNS } from '~/models/content/content-images.server'

/**
 * Changes to the data that a schema migration cannot make (docs/decisions/028-start-up-data-migrations.md): each runs
 * once, at start-up before the server listens (app/startup.server.ts, under the start-up lock, so instances that
 * start together do not both run it), and is recorded in `data_migrations` when it has finished. One that stops
 * halfway runs again at the next start; each is written so that a second run finishes what the first left.
 */
const MIGRATIONS: { name: string; run: () => Promise<number> }[] = [
  { name: 'inline-images-to-uploads', run: inlineImagesToUploads },
]

/** Runs the data migrations not yet recorded; returns the names of those it ran, with how many rows each changed. */
export async function runDataMigrations(): Promise<{ name: string; changed: number }[]> {
  const done = new Set((await prisma.dataMigration.findMany({ select: { name: true } })).map((row) => row.name))
  const ran: { name: string; changed: number }[] = []
  for (const { name, run } of MIGRATIONS) {
    if (done.has(name)) continue
    const changed = await run()
    await serializeWrite(() => prisma.dataMigration.upsert({ where: { name }, create: { name }, update: {} }))
    ran.push({ name, changed })
  }
  return ran
}

const quoted = (name: string) => Prisma.raw(`"${name}"`)

/**
 * Issue 12: rich text saved before images were uploads may hold `data:` images. Each becomes a stored content upload
 * (re-encoded, without EXIF or GPS, with its width copies) and the record points at it; `updated_at` is left as it
 * was (the content did not change for its readers). A record whose inline image is damaged keeps it, with a warning.
 */
async function inlineImagesToUploads(): Promise<number> {
  let changed = 0
  for (const { table, column } of CONTENT_COLUMNS) {
    const rows = await prisma.$queryRaw<
      { id: number; html: string }[]
    >`SELECT "id", ${quoted(column)} AS "html" FROM ${quoted(table)} WHERE ${quoted(column)} LIKE ${'%data:image/%'}`
    for (const row of rows) {
      let converted: { data: { html: string }; stored: string[] }
      try {
        converted = await storeInlineImages({ html: sanitizeRichText(row.html) }, ['html'], sanitizeRichText)
      } catch (error) {
        if (!(error instanceof HttpError)) throw error
        log.warn(
          { event: 'data-migration', table, id: row.id },
          `${table} ${row.id} keeps an inline image that is not a valid picture`,
        )
        continue
      }
      if (!converted.stored.length) continue
      await serializeWrite(
        () =>
          prisma.$executeRaw`UPDATE ${quoted(table)} SET ${quoted(column)} = ${
            converted.data.html
          } WHERE "id" = ${row.id}`,
      )
      await unmarkPending(converted.stored)
      changed++
    }
  }
  return changed
}
