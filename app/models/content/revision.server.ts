import { prisma, serializeWrite } from '~/utils/db.server'
import { responseId, responseTime, z } from '~/utils/response-shape.server'
import { notFound } from '~/utils/http.server'
import { contentImageNames } from '~/lib/content-image-urls'
import type { ResourceDeclaration } from '~/resources/resource'
import { changedFields, parseChanges, summaryOf, type Actor } from '~/models/accounts/activity.server'
import { parseId } from '~/models/site/crud.server'

/**
 * Revisions (docs/decisions/053-revisions-and-preview-links.md): every update of a resource declared with
 * `revisions: true` keeps the record's declared fields as they were before it, as JSON, with who, when and which
 * fields changed. The newest REVISIONS_KEPT of a record are kept. Bookkeeping: never read on a public path, no
 * data-version trigger.
 */

export const REVISIONS_KEPT = 50

/** Kinds whose value is a file: kept as a reference (the image's stored name), never restored. */
const FILE_KINDS = new Set(['image', 'file', 'password'])

/** The fields a revision keeps of a record: its declared fields and the name of its image. */
function snapshotOf(resource: ResourceDeclaration, record: unknown): Record<string, unknown> {
  const row = (record ?? {}) as Record<string, unknown>
  const names = resource.fields.filter((field) => field.kind !== 'password').map((field) => field.name)
  return Object.fromEntries(names.filter((name) => name in row).map((name) => [name, row[name] ?? null]))
}

/** The names of the declared fields an update changed, as the revision lists them. */
const changesOf = (resource: ResourceDeclaration, before: unknown, after: unknown) =>
  changedFields(snapshotOf(resource, before), snapshotOf(resource, after))

/** Notes the content images of dropped revisions as possibly unused: the content sweep decides in 24 hours. */
async function noteImagesOf(rows: { fields: string }[]) {
  const names = new Set(
    rows.flatMap((row) => Object.values(parseFields(row.fields)).flatMap((value) => contentImageNames(textOf(value)))),
  )
  for (const name of names) {
    await prisma.contentUpload.upsert({ where: { name }, create: { name }, update: { created_at: new Date() } })
  }
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : '')

function parseFields(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text)
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {}
  } catch {
    return {}
  }
}

/**
 * After a successful update of `id`: keeps `before` as a revision, and drops the revisions past the newest
 * REVISIONS_KEPT (their content images noted for the sweep).
 */
export async function keepRevision(
  resource: ResourceDeclaration,
  id: number,
  actor: Actor,
  before: unknown,
  after: unknown,
) {
  const fields = snapshotOf(resource, before)
  await serializeWrite(async () => {
    await prisma.revision.create({
      data: {
        resource: resource.name,
        record_id: id,
        user_id: actor.id,
        user_name: actor.name.slice(0, 255),
        title: summaryOf(before).slice(0, 255),
        changes: JSON.stringify(changesOf(resource, before, after)),
        fields: JSON.stringify(fields),
      },
    })
    const old = await prisma.revision.findMany({
      where: { resource: resource.name, record_id: id },
      orderBy: { id: 'desc' },
      skip: REVISIONS_KEPT,
      select: { id: true, fields: true },
    })
    if (!old.length) return
    await prisma.revision.deleteMany({ where: { id: { in: old.map((row) => row.id) } } })
    await noteImagesOf(old)
  })
}

/** After a record was deleted: its revisions and preview link go too (their content images noted for the sweep). */
export async function forgetRevisions(resource: ResourceDeclaration, id: number) {
  await serializeWrite(async () => {
    const where = { resource: resource.name, record_id: id }
    const rows = await prisma.revision.findMany({ where, select: { fields: true } })
    await prisma.revision.deleteMany({ where })
    await prisma.previewLink.deleteMany({ where })
    await noteImagesOf(rows)
  })
}

const listSelect = { id: true, created_at: true, user_name: true, title: true, changes: true } as const

const asSummary = (row: { id: number; created_at: Date; user_name: string; title: string; changes: string }) => ({
  id: row.id,
  created_at: row.created_at,
  user_name: row.user_name,
  title: row.title,
  changes: parseChanges(row.changes),
})

/** The revisions of a record, newest first (without their fields). */
export async function listRevisions(resource: ResourceDeclaration, id: number) {
  const rows = await prisma.revision.findMany({
    where: { resource: resource.name, record_id: id },
    orderBy: { id: 'desc' },
    select: listSelect,
  })
  return rows.map(asSummary)
}

/** The revisions of a record, newest first, each with its fields (the edit screen's `Riwayat`). */
export async function listRevisionsWithFields(resource: ResourceDeclaration, id: number): Promise<RevisionDetail[]> {
  const rows = await prisma.revision.findMany({
    where: { resource: resource.name, record_id: id },
    orderBy: { id: 'desc' },
    select: { ...listSelect, fields: true },
  })
  return rows.map((row) => ({ ...asSummary(row), fields: parseFields(row.fields) }))
}

export type RevisionSummary = Awaited<ReturnType<typeof listRevisions>>[number]
export type RevisionDetail = RevisionSummary & { fields: Record<string, unknown> }

/** The revision `rev` (text of the address) of the record `id`: 404 when it is not a number or not this record's. */
export async function getRevision(resource: ResourceDeclaration, id: number, rev: string | undefined) {
  const revisionId = parseId(rev)
  const row =
    revisionId === null
      ? null
      : await prisma.revision.findFirst({
          where: { id: revisionId, resource: resource.name, record_id: id },
          select: { ...listSelect, fields: true },
        })
  if (!row) throw notFound('Revision')
  return { ...asSummary(row), fields: parseFields(row.fields) } satisfies RevisionDetail
}

/**
 * The write input that brings a record back to a revision: its declared fields but files (the current image or PDF
 * stays) and, being left out, the status and publish time. A date-only time (an all-day event's) goes back as its
 * date.
 */
export function restoreInput(resource: ResourceDeclaration, fields: Record<string, unknown>) {
  const input: Record<string, unknown> = {}
  for (const field of resource.fields) {
    if (FILE_KINDS.has(field.kind ?? 'text') || !(field.name in fields)) continue
    const value = fields[field.name]
    input[field.name] =
      field.kind === 'datetime' && field.dateWhen && fields[field.dateWhen] === true && typeof value === 'string'
        ? value.slice(0, 10)
        : value
  }
  return input
}

/** A revision as the API lists it (docs/api.md "Revisions and preview links"), and with its fields. */
export const revisionResponse = z
  .object({
    id: responseId(),
    created_at: responseTime(),
    user_name: z.string().openapi({ description: 'Who made the update that replaced this state' }),
    title: z.string().openapi({ description: "The item's title before that update" }),
    changes: z.array(z.string()).openapi({ description: 'The names of the fields that update changed' }),
  })
  .openapi('Revision')
export const revisionDetailResponse = revisionResponse
  .extend({
    fields: z.record(z.unknown()).openapi({ description: "The item's fields as they were before that update" }),
  })
  .openapi('RevisionDetail')
