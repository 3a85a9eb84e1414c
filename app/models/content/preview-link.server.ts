import crypto from 'node:crypto'
import { prisma, serializeWrite } from '~/utils/db.server'
import { nowMs } from '~/utils/clock.server'
import { validationError } from '~/utils/http.server'
import { recordActivity, summaryOf, type Actor } from '~/models/accounts/activity.server'

/**
 * Preview links (docs/decisions/053-revisions-and-preview-links.md): one per record, valid 7 days, a new one revokes
 * the old. The token (32 random bytes, base64url: 43 characters) is given once; only its sha256 is stored, and a
 * lookup compares hashes in constant time.
 */

export const PREVIEW_DAYS = 7
const TOKEN = /^[A-Za-z0-9_-]{43}$/

const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest()

/** The address of a preview on `origin`. */
const previewUrl = (origin: string, token: string) => `${origin.replace(/\/+$/, '')}/pratinjau/${token}`

/**
 * What a preview link needs of a declared resource (app/models/site/resources.server.ts `AdminResource` has it): written
 * out here so that this module, which the resources' table calls, imports nothing back from it.
 */
type Previewable = {
  name: string
  get?(id: number): Promise<unknown>
  previewRefusal?(record: unknown): Record<string, string> | null
}

/**
 * A new link for the record `id` (404 when it does not exist), replacing its previous one; the resource's 422 for a
 * record that may have none (an exempt document), its old link revoked then too.
 */
export async function createPreviewLink(resource: Previewable, id: number, origin: string, actor: Actor) {
  const record = await resource.get!(id)
  const refused = resource.previewRefusal?.(record)
  if (refused) {
    await revokePreviewLink(resource, id, actor)
    throw validationError(refused)
  }
  const token = crypto.randomBytes(32).toString('base64url')
  const expires_at = new Date(nowMs() + PREVIEW_DAYS * 24 * 3600 * 1000)
  const where = { resource_record_id: { resource: resource.name, record_id: id } }
  const link = { token_hash: hashOf(token).toString('hex'), user_id: actor.id, expires_at, created_at: new Date() }
  await serializeWrite(() =>
    prisma.previewLink.upsert({ where, create: { resource: resource.name, record_id: id, ...link }, update: link }),
  )
  await recordActivity({
    actor,
    action: 'preview_link_created',
    resource: resource.name,
    resourceId: id,
    summary: summaryOf(record),
  })
  return { url: previewUrl(origin, token), expires_at }
}

/** Revokes the record's link (404 when the record does not exist); logged when there was one. */
export async function revokePreviewLink(resource: Previewable, id: number, actor: Actor) {
  const record = await resource.get!(id)
  const { count } = await serializeWrite(() =>
    prisma.previewLink.deleteMany({ where: { resource: resource.name, record_id: id } }),
  )
  if (count)
    await recordActivity({
      actor,
      action: 'preview_link_revoked',
      resource: resource.name,
      resourceId: id,
      summary: summaryOf(record),
    })
}

/**
 * The record a token opens while its link is neither revoked nor expired, or null. A token of the wrong length or
 * alphabet takes the same path as a wrong one (hash, lookup, comparison), so the answer's time tells nothing.
 */
export async function previewTarget(token: string): Promise<{ resource: string; record_id: number } | null> {
  const hash = hashOf(token)
  const row = await prisma.previewLink.findUnique({
    where: { token_hash: hash.toString('hex') },
    select: { resource: true, record_id: true, token_hash: true, expires_at: true },
  })
  const stored = row ? Buffer.from(row.token_hash, 'hex') : Buffer.alloc(hash.length)
  const same = stored.length === hash.length && crypto.timingSafeEqual(stored, hash)
  if (!row || !same || !TOKEN.test(token) || row.expires_at.getTime() <= nowMs()) return null
  return { resource: row.resource, record_id: row.record_id }
}
