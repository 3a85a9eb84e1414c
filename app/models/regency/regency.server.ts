import { onTimeShare } from '~/models/village-info/ppid-dip.server'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { readArchive, rowCounts, snapshotSqlite, unpackLimit, writeArchive } from '#core/backup-archive.mjs'
import { copyPostgresToSqlite, copySqliteToPostgres, copySqliteToSqlite } from '#core/schema-copy.mjs'
import { prisma, serializeWrite } from '~/utils/db.server'
import { getEnv } from '~/utils/config.server'
import { conflict, notFound, validationError, type FieldErrors } from '~/utils/http.server'
import { hashPassword } from '~/utils/password.server'
import { stagingFolder, storage, storageUnder, type MultipartBody } from '~/utils/upload-pipeline.server'
import { log } from '~/utils/error-log.server'
import { now } from '~/utils/clock.server'
import { MAX_LIMIT, paginate, type ListQuery } from '~/lib/paging'
import type { VillageStats } from '~/lib/village-stats'
import { nullableResponseTime, responseTime, z } from '~/utils/response-shape.server'
import { visibleWhere } from '~/models/content/publishing.server'
import { listPublicPosts } from '~/models/content/post.server'
import { fillSettingsIfEmpty } from '~/models/site/settings.server'
import { handoverLink, resetLinkForUsername } from '~/models/accounts/password-reset.server'
import { seed } from '~/models/site/seed.server'
import { crashPoint } from '~/utils/test-hooks.server'
import { eachAtMost, remembered } from './regency-figures.server'
import { CAMAT_PERMISSION, CAMAT_ROLE, REGENCY_ADMIN_ROLE } from './regency-users.server'
import {
  allVillages,
  buildingVillage,
  changeRegistry,
  forgetScope,
  inVillage,
  dropVillageDatabase,
  migrateVillage,
  migrateVillageFile,
  newVillageId,
  REGENCY,
  regencyScope,
  refreshRegistry,
  registryConflict,
  type RegistryStatement,
  RESERVED_SLUGS,
  scopeOf,
  villageById,
  villageFile,
  villageSchema,
  villagesVersion,
  withPostgresClient,
  villageStoragePrefix,
  type Village,
  type VillageStatus,
} from './villages.server'

/** A village as the regency's API answers it (docs/api.md): the OpenAPI document's schema too. */
export const villageResponse = z
  .object({
    id: z.string().openapi({ description: 'Random, never reused', example: '3f9a1c0b5e2d4a67' }),
    slug: z.string().openapi({ description: 'Its host is `{slug}.{REGENCY_HOST}`', example: 'sukamaju' }),
    name: z.string(),
    domains: z.array(z.string()).openapi({ description: 'Extra host names it answers at' }),
    status: z.enum(['active', 'suspended']),
    kode_wilayah: z.string().nullable().openapi({
      description: 'The Kemendagri code `NN.NN.NN.NNNN`, unique in the install; null until set',
      example: '33.01.01.2001',
    }),
    kecamatan: z.string().openapi({ description: "The kecamatan's name ('' until set)", example: 'Kedungreja' }),
    created_at: responseTime(),
    stats: z.object({
      posts_count: z.number().int().openapi({ description: 'Posts the public sees' }),
      last_published_at: nullableResponseTime('The newest of those, or null'),
      posts_30d: z.number().int().openapi({ description: 'Published in the last 30 days' }),
      budget_year: z.number().int().nullable().openapi({ description: 'The newest published APBDes year, or null' }),
      open_reports: z.number().int().openapi({ description: 'Reports `baru` or `diproses`' }),
      pending_letters: z.number().int().openapi({ description: 'Letter requests `diajukan` or `diproses`' }),
      ppid_on_time_pct: z.number().nullable().openapi({
        description: 'Information requests answered by their due date, in percent with one decimal (decision 077)',
      }),
    }),
  })
  .openapi('Village')

export const villageInput = z.object({
  slug: z.string().openapi({ description: '`a-z 0-9 -`, 3 to 40, unique, not `www`, `api` or `admin`; key `Slug`' }),
  name: z.string().openapi({ description: 'Key `Name`' }),
  domains: z
    .array(z.string())
    .optional()
    .openapi({ description: "Host names, unique across the install, never the regency's own; key `Domains`" }),
  demo: z.boolean().optional().openapi({ description: 'Fill it with the demo village' }),
  kode_wilayah: z
    .string()
    .nullable()
    .optional()
    .openapi({ description: 'The Kemendagri code `NN.NN.NN.NNNN`, unique in the install; key `Kode_wilayah`' }),
  kecamatan: z.string().optional().openapi({ description: "The kecamatan's name; key `Kecamatan`" }),
})

export const villageChange = z.object({
  name: z.string().optional(),
  domains: z.array(z.string()).optional(),
  status: z.enum(['active', 'suspended']).optional().openapi({ description: 'Suspended: 503 at its every address' }),
  kode_wilayah: z.string().nullable().optional().openapi({ description: 'Null or empty: unset; key `Kode_wilayah`' }),
  kecamatan: z.string().optional().openapi({ description: 'Key `Kecamatan`' }),
})

/** The regency's own permission: its accounts hold it, no village account ever does (docs/api.md). */
export const REGENCY_PERMISSION = 'regency-admin'

/**
 * What the regency's role holds: `regency-admin`, and what the console's generic screens ask (its announcements,
 * kept in its own database, and its activity log).
 */
export const REGENCY_ROLE_PERMISSIONS = [
  REGENCY_PERMISSION,
  ...(['index', 'create', 'show', 'edit', 'update', 'delete'] as const).map((action) => `announcements-${action}`),
  'activities-index',
]

/**
 * The regency's own database on first start: the account `kabupaten` (SEED_REGENCY_PASSWORD) with the role
 * `kabupaten` that holds `regency-admin` and the console's other permissions, and the role `camat` (`regency-camat`). Idempotent, like the village's seed: a database seeded
 * before gets the permissions its role lacks.
 */
export async function seedRegency() {
  await migrateVillage(REGENCY)
  await inVillage(regencyScope(), async () => {
    await serializeWrite(async () => {
      await fillSettingsIfEmpty('Pemerintah Kabupaten')
      // The role was named after its permission before the regency's accounts had two roles (issue 40).
      const old = await prisma.role.findUnique({ where: { name: REGENCY_PERMISSION }, select: { id: true } })
      if (old && !(await prisma.role.findUnique({ where: { name: REGENCY_ADMIN_ROLE }, select: { id: true } })))
        await prisma.role.update({ where: { id: old.id }, data: { name: REGENCY_ADMIN_ROLE } })
      const grant = async (roleName: string, permissions: string[]) => {
        const role = await prisma.role.upsert({
          where: { name: roleName },
          update: {},
          create: { name: roleName },
          select: { id: true },
        })
        for (const name of permissions) {
          const permission = await prisma.permission.upsert({
            where: { name },
            update: {},
            create: { name },
            select: { id: true },
          })
          await prisma.rolePermission.upsert({
            where: { role_id_permission_id: { role_id: role.id, permission_id: permission.id } },
            update: {},
            create: { role_id: role.id, permission_id: permission.id },
          })
        }
        return role
      }
      const role = await grant(REGENCY_ADMIN_ROLE, REGENCY_ROLE_PERMISSIONS)
      await grant(CAMAT_ROLE, [CAMAT_PERMISSION])
      if ((await prisma.user.count()) === 0)
        await prisma.user.create({
          data: {
            name: 'Admin Kabupaten',
            username: 'kabupaten',
            email: 'kabupaten@example.com',
            password: await hashPassword(getEnv().SEED_REGENCY_PASSWORD),
            roles: { create: { role_id: role.id } },
          },
        })
    })
  })
}

/** A village's figures for the console, read in its own database. */
export function villageStats(village: Village): Promise<VillageStats> {
  return inVillage(scopeOf(village), async () => {
    const at = now()
    const visible = visibleWhere(at)
    const since = new Date(at.getTime() - 30 * 24 * 3600 * 1000)
    const [posts_count, newest, posts_30d, budget, open_reports, pending_letters, ppid_on_time_pct] = await Promise.all(
      [
        prisma.post.count({ where: visible }),
        prisma.post.findFirst({ where: visible, orderBy: { published_at: 'desc' }, select: { published_at: true } }),
        prisma.post.count({ where: { status: 'published', published_at: { lte: at, gt: since } } }),
        prisma.budget.findFirst({ where: visible, orderBy: { year: 'desc' }, select: { year: true } }),
        prisma.report.count({ where: { status: { in: ['baru', 'diproses'] } } }),
        prisma.letterRequest.count({ where: { status: { in: ['diajukan', 'diproses'] } } }),
        onTimeShare(),
      ],
    )
    return {
      posts_count,
      last_published_at: newest?.published_at?.toISOString() ?? null,
      posts_30d,
      budget_year: budget?.year ?? null,
      open_reports,
      pending_letters,
      ppid_on_time_pct,
    }
  })
}

/** A village with no post published in this many days (or none ever) is marked stale in the console. */
export const STALE_AFTER_DAYS = 90

/** Whether a village's newest publication is older than STALE_AFTER_DAYS (or there is none), as of `at`. */
export const isStale = (stats: Pick<VillageStats, 'last_published_at'>, at: Date) =>
  !stats.last_published_at ||
  at.getTime() - new Date(stats.last_published_at).getTime() > STALE_AFTER_DAYS * 24 * 3600 * 1000

const withStats = async (village: Village) => ({ ...village, stats: await villageStats(village) })

/** Which villages a regency account sees: every one (`kabupaten`), or those of its kecamatan (`camat`). */
export type VillageReach = { kecamatan: string | null }
export const EVERY_VILLAGE: VillageReach = { kecamatan: null }

/** Whether `village` is within `reach` (kecamatan compared without case and outer spaces). */
export const withinReach = (village: Pick<Village, 'kecamatan'>, reach: VillageReach) =>
  reach.kecamatan === null || sameKecamatan(village.kecamatan, reach.kecamatan)

export const sameKecamatan = (one: string, other: string) => one.trim().toLowerCase() === other.trim().toLowerCase()

/** The villages `reach` sees, in the registry's order (name, slug). */
export const villagesWithin = (reach: VillageReach) => allVillages().filter((village) => withinReach(village, reach))

/** A village by id within `reach`: one outside it is the 404 of an unknown id. */
export function villageWithin(id: string, reach: VillageReach) {
  const village = villageById(id)
  if (!village || !withinReach(village, reach)) throw notFound('Village')
  return village
}

/** GET /api/regency/villages/{id}: the village as in the list (404 outside the caller's reach). */
export const showVillage = (id: string, reach: VillageReach) => withStats(villageWithin(id, reach))

/**
 * GET /api/regency/villages: 10 a page, searched on name, slug and domains, of one kecamatan with `kecamatan`, ordered
 * by kecamatan then name (the console groups by it), within the caller's reach.
 */
export async function listVillages(query: ListQuery, path: string, kecamatan = '', reach = EVERY_VILLAGE) {
  const term = query.search.trim().toLowerCase()
  const found = villagesWithin(reach)
    .filter(
      (village) =>
        (!term ||
          village.name.toLowerCase().includes(term) ||
          village.slug.includes(term) ||
          village.domains.some((domain) => domain.includes(term))) &&
        (!kecamatan.trim() || sameKecamatan(village.kecamatan, kecamatan)),
    )
    .sort(byKecamatan)
  const start = (query.page - 1) * query.limit
  const items = await Promise.all(found.slice(start, start + query.limit).map(withStats))
  return paginate(items, found.length, query, path)
}

const SLUG = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/
const HOST = /^(?=.{1,200}$)([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]([a-z0-9-]*[a-z0-9])?$/

type VillageInput = {
  slug?: unknown
  name?: unknown
  domains?: unknown
  status?: unknown
  kode_wilayah?: unknown
  kecamatan?: unknown
}

/** The domains given, checked: host names, none the regency's own, none another village's. */
function checkDomains(value: unknown, errors: FieldErrors, own?: string): string[] {
  if (value === undefined || value === null) return []
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/) : null
  if (!list || list.some((item) => typeof item !== 'string')) {
    errors.Domains = 'Domains must be a list of host names'
    return []
  }
  const domains = [...new Set(list.map((item: string) => item.trim().toLowerCase().replace(/\.$/, '')).filter(Boolean))]
  const regencyHost = getEnv().REGENCY_HOST
  for (const domain of domains) {
    if (!HOST.test(domain)) errors.Domains = `Domains: ${domain} is not a host name`
    else if (domain === regencyHost || domain.endsWith(`.${regencyHost}`))
      errors.Domains = `Domains: ${domain} is an address of the regency's own`
    else {
      const holder = allVillages().find((village) => village.id !== own && village.domains.includes(domain))
      if (holder) errors.Domains = `Domains: ${domain} already exists`
    }
  }
  return domains
}

/** Villages by kecamatan (those without one last), then by name and slug. */
export const byKecamatan = (one: Village, other: Village) =>
  Number(!one.kecamatan) - Number(!other.kecamatan) ||
  one.kecamatan.localeCompare(other.kecamatan, 'id') ||
  one.name.localeCompare(other.name, 'id') ||
  one.slug.localeCompare(other.slug)

/** The Kemendagri code of a village (Permendagri 72/2019): province, regency, kecamatan, village. */
const KODE_WILAYAH = /^\d{2}\.\d{2}\.\d{2}\.\d{4}$/

/** `kode_wilayah`: null (empty or absent: unset), or a well-formed code no other village holds. */
function checkKode(value: unknown, errors: FieldErrors, own?: string): string | null {
  if (value === undefined || value === null) return null
  if (typeof value !== 'string') {
    errors.Kode_wilayah = 'Kode_wilayah must be text like 33.01.01.2001'
    return null
  }
  const kode = value.trim()
  if (!kode) return null
  if (!KODE_WILAYAH.test(kode)) errors.Kode_wilayah = 'Kode_wilayah must be a Kemendagri code NN.NN.NN.NNNN'
  else if (allVillages().some((village) => village.id !== own && village.kode_wilayah === kode))
    errors.Kode_wilayah = 'Kode_wilayah already exists'
  return kode
}

function checkKecamatan(value: unknown, errors: FieldErrors): string {
  if (value === undefined || value === null) return ''
  if (typeof value !== 'string') {
    errors.Kecamatan = 'Kecamatan must be text'
    return ''
  }
  const kecamatan = value.trim().replace(/\s+/g, ' ')
  if (kecamatan.length > 100) errors.Kecamatan = 'Kecamatan must be at most 100 characters'
  return kecamatan
}

function checkName(value: unknown, errors: FieldErrors): string {
  const name = typeof value === 'string' ? value.trim() : ''
  if (!name) errors.Name = 'Name is required'
  else if (name.length > 100) errors.Name = 'Name must be at most 100 characters'
  return name
}

function checkSlug(value: unknown, errors: FieldErrors): string {
  const slug = typeof value === 'string' ? value.trim() : ''
  if (!slug) errors.Slug = 'Slug is required'
  else if (slug.length < 3 || slug.length > 40) errors.Slug = 'Slug must be 3 to 40 characters'
  else if (!SLUG.test(slug)) errors.Slug = 'Slug may only hold a-z, 0-9 and -'
  else if (RESERVED_SLUGS.has(slug)) errors.Slug = `Slug ${slug} is reserved`
  else if (allVillages().some((village) => village.slug === slug)) errors.Slug = 'Slug already exists'
  return slug
}

/** The village's own host, `http://{slug}.{REGENCY_HOST}[:port]`, with the port the regency was reached at. */
export function villageOrigin(slug: string, regencyUrl: URL) {
  return `${regencyUrl.protocol}//${slug}.${getEnv().REGENCY_HOST}${regencyUrl.port ? `:${regencyUrl.port}` : ''}`
}

/**
 * POST /api/regency/villages: a new village with its own database (migrated, seeded: the demo village with `demo`,
 * else only `admin`, the roles, permissions and settings) and an admin reset link to hand over, valid 7 days.
 * Nothing stays behind when any step fails.
 */
export const createVillage = (input: VillageInput & { demo?: unknown }, regencyUrl: URL) =>
  buildingVillage(() => createVillageNow(input, regencyUrl))

async function createVillageNow(input: VillageInput & { demo?: unknown }, regencyUrl: URL) {
  const errors: FieldErrors = {}
  const slug = checkSlug(input.slug, errors)
  const name = checkName(input.name, errors)
  const domains = checkDomains(input.domains, errors)
  const kode = checkKode(input.kode_wilayah, errors)
  const kecamatan = checkKecamatan(input.kecamatan, errors)
  if (Object.keys(errors).length) throw validationError(errors)
  const id = newVillageId()
  const origin = villageOrigin(slug, regencyUrl)
  try {
    await migrateVillage(id)
    crashPoint('create:database')
    const scope = scopeOf({ id, slug })
    const link = await inVillage(scope, async () => {
      await storage().prepare()
      await seed({
        demo: input.demo === true,
        siteName: name,
        adminPassword: crypto.randomBytes(24).toString('base64url'),
        staffAccount: input.demo === true,
      })
      return handoverLink(origin)
    })
    crashPoint('create:seeded')
    await changeRegistry([
      [INSERT_VILLAGE, [id, slug, name, 'active', new Date().toISOString(), kode, kecamatan]],
      ...domains.map((host): RegistryStatement => [INSERT_DOMAIN, [host, id]]),
    ])
    crashPoint('create:registered')
    log.info({ event: 'village-created', village: slug, id }, `village ${slug} created`)
    return { ...(await withStats(villageById(id)!)), admin_reset_url: link.url }
  } catch (error) {
    await removeVillageFiles(id)
    const broken = registryConflict(error)
    if (broken === 'slug') throw validationError({ Slug: 'Slug already exists' })
    if (broken === 'domain') throw validationError({ Domains: 'Domains: a domain already exists' })
    if (broken === 'kode') throw validationError({ Kode_wilayah: 'Kode_wilayah already exists' })
    throw error
  }
}

/**
 * `npm run reset-password -- USERNAME --village SLUG` (or `--regency`) with REGENCY_HOST: the link in that site's
 * own database and on its own host, run in its scope (decision 064: no script reaches a village's data outside one).
 * `origin` gives the protocol and port (SITE_URL). Null when the user does not exist; an error naming an unknown site.
 */
export async function resetLinkAt(site: string, username: string, origin: string) {
  const url = new URL(origin)
  await refreshRegistry()
  if (site === REGENCY) {
    const home = `${url.protocol}//${getEnv().REGENCY_HOST}${url.port ? `:${url.port}` : ''}`
    return inVillage(regencyScope(), () => resetLinkForUsername(username, home))
  }
  const village = allVillages().find((one) => one.slug === site)
  if (!village)
    throw new Error(`no village ${JSON.stringify(site)} in the registry (its slug, as the console lists it)`)
  return inVillage(scopeOf(village), () => resetLinkForUsername(username, villageOrigin(village.slug, url)))
}

const INSERT_VILLAGE =
  'INSERT INTO "villages" ("id", "slug", "name", "status", "created_at", "kode_wilayah", "kecamatan") ' +
  'VALUES (?, ?, ?, ?, ?, ?, ?)'
const INSERT_DOMAIN = 'INSERT INTO "village_domains" ("host", "village_id") VALUES (?, ?)'

/** PUT /api/regency/villages/{id}: `name`, `domains`, `status` (active or suspended), `kode_wilayah`, `kecamatan`. */
export async function updateVillage(id: string, input: VillageInput) {
  const village = villageById(id)
  if (!village) throw notFound('Village')
  const errors: FieldErrors = {}
  const name = input.name === undefined ? village.name : checkName(input.name, errors)
  const domains = input.domains === undefined ? village.domains : checkDomains(input.domains, errors, id)
  const kode = input.kode_wilayah === undefined ? village.kode_wilayah : checkKode(input.kode_wilayah, errors, id)
  const kecamatan = input.kecamatan === undefined ? village.kecamatan : checkKecamatan(input.kecamatan, errors)
  let status: VillageStatus = village.status
  if (input.status !== undefined) {
    if (input.status === 'active' || input.status === 'suspended') status = input.status
    else errors.Status = 'Status must be active or suspended'
  }
  if (Object.keys(errors).length) throw validationError(errors)
  try {
    await changeRegistry([
      [
        'UPDATE "villages" SET "name" = ?, "status" = ?, "kode_wilayah" = ?, "kecamatan" = ? WHERE "id" = ?',
        [name, status, kode, kecamatan, id],
      ],
      ['DELETE FROM "village_domains" WHERE "village_id" = ?', [id]],
      ...domains.map((host): RegistryStatement => [INSERT_DOMAIN, [host, id]]),
    ])
  } catch (error) {
    const broken = registryConflict(error)
    if (broken === 'domain') throw validationError({ Domains: 'Domains: a domain already exists' })
    if (broken === 'kode') throw validationError({ Kode_wilayah: 'Kode_wilayah already exists' })
    throw error
  }
  return withStats(villageById(id)!)
}

/** DELETE /api/regency/villages/{id}: a suspended village and everything it holds (409 while active). */
export const deleteVillage = (id: string) => buildingVillage(() => deleteVillageNow(id))

async function deleteVillageNow(id: string) {
  const village = villageById(id)
  if (!village) throw notFound('Village')
  if (village.status === 'active') throw conflict('Suspend the village before deleting it')
  await changeRegistry([
    ['DELETE FROM "villages" WHERE "id" = ?', [id]],
    ['DELETE FROM "village_summaries" WHERE "village_id" = ?', [id]],
  ])
  crashPoint('delete:unregistered')
  await removeVillageFiles(id)
  log.info({ event: 'village-deleted', village: village.slug, id }, `village ${village.slug} deleted`)
  return village
}

/**
 * The uploads go first and the database last: the database is what the leftovers' sweep finds a village by
 * (sweepLeftoverVillages), so a crash in between leaves it to find, and the sweep empties the village's prefix in S3
 * too, which it could not list on its own.
 */
async function removeVillageFiles(id: string) {
  await forgetScope(id)
  await storageUnder(villageStoragePrefix(id)).removeAll()
  crashPoint('remove:uploads')
  await dropVillageDatabase(id)
}

export type PortalVillage = {
  slug: string
  name: string
  /** The village's home on its own host. */
  url: string
  newest: { title: string; url: string; published_at: string } | null
}

/** How many villages the portal reads at once (each in its own scope: its database opened in turn). */
const PORTAL_PARALLEL = 8

/**
 * The portal's reads of every active village (`/`, `/berita`, `GET /api/regency/public/posts`), kept whole in the
 * regency's process per `villagesVersion()` (decision 081), as the figures are: the key is taken before any village is
 * read, so an entry never holds less than its version says. Misses of one key at once share one pass (the promise is
 * kept before it settles: single flight), so a burst of uncached requests after a village's write reads each village
 * once. What depends on the request (the host its addresses are built on) is added per request, never kept.
 */
const portalReads = new Map<string, Promise<unknown>>()

function portalPass<T>(what: string, key: string, read: (villages: Village[]) => Promise<T>): Promise<T> {
  return remembered(portalReads, `${villagesVersion()}|${what}|${key}`, async () => {
    const villages = allVillages().filter((village) => village.status === 'active')
    log.debug({ event: 'regency-portal-read', what, villages: villages.length }, `the portal read ${what}`)
    return read(villages)
  }) as Promise<T>
}

/** Each active village by name with its newest post the public sees (the `/` of the portal), one pass per version. */
const portalNewest = () =>
  portalPass('home', '', (villages) =>
    eachAtMost(villages, PORTAL_PARALLEL, (village) =>
      inVillage(scopeOf(village), async () => {
        const [post] = (await listPublicPosts({ page: 1, limit: 1, search: '' })).data as Record<string, unknown>[]
        return { village, post }
      }),
    ),
  )

/**
 * The portal's home (`/` at the regency host): every active village by name, each with its newest post the public
 * sees, read in the village's own database (its read memo keeps it until the village writes again).
 */
export async function portalVillages(regencyUrl: URL): Promise<PortalVillage[]> {
  const read = await portalNewest()
  return read
    .map(({ village, post }) => {
      const origin = villageOrigin(village.slug, regencyUrl)
      return {
        slug: village.slug,
        name: village.name,
        url: `${origin}/`,
        newest: post
          ? {
              title: String(post.title),
              url: `${origin}/posts/${encodeURIComponent(String(post.slug))}`,
              published_at: new Date(post.published_at as string | Date).toISOString(),
            }
          : null,
      }
    })
    .sort((one, other) => one.name.localeCompare(other.name, 'id') || one.slug.localeCompare(other.slug))
}

/**
 * The newest `need` posts the public sees of every active village (for `search`), merged newest first, and the
 * number of them all: one pass over the villages per version, search and depth.
 */
const portalPosts = (need: number, search: string) =>
  portalPass('news', `${need}|${search}`, async (villages) => {
    const lists = await eachAtMost(villages, PORTAL_PARALLEL, (village) =>
      inVillage(scopeOf(village), async () => {
        const items: Record<string, unknown>[] = []
        let total = 0
        for (let page = 1; items.length < need; page++) {
          const found = await listPublicPosts({ page, limit: Math.min(need, MAX_LIMIT), search })
          total = found.total
          items.push(...(found.data as Record<string, unknown>[]))
          if (page >= found.last_page) break
        }
        return { village, items: items.slice(0, need), total }
      }),
    )
    const time = (post: Record<string, unknown>) => new Date(post.published_at as string | Date).getTime()
    const merged = lists
      .flatMap(({ village, items }) => items.map((post) => ({ village, post })))
      .sort((one, other) => time(other.post) - time(one.post) || one.village.slug.localeCompare(other.village.slug))
    return { merged, total: lists.reduce((sum, list) => sum + list.total, 0) }
  })

/**
 * GET /api/regency/public/posts?page&search (the portal's `/berita`): the newest published posts of every active
 * village together, each with its village (`{slug, name, url}`) and `url`, its address on the village's own host.
 * Each village's list is read in its own database (its read memo keeps it until it changes), then merged; the merged
 * list is kept per the villages' version (portalPass).
 */
export async function regencyNews(query: ListQuery, path: string, regencyUrl: URL) {
  const { merged, total } = await portalPosts(query.page * query.limit, query.search)
  const start = (query.page - 1) * query.limit
  const data = merged.slice(start, start + query.limit).map(({ village, post }) => {
    const origin = villageOrigin(village.slug, regencyUrl)
    return {
      ...post,
      village: { slug: village.slug, name: village.name, url: `${origin}/` },
      url: `${origin}/posts/${encodeURIComponent(String(post.slug))}`,
    }
  })
  return paginate(data, total, query, path)
}

/**
 * GET /api/regency/villages/{id}/export: the village as an archive in the format of `npm run backup` (its database as
 * SQLite's online backup API copies it, every upload, the manifest), written to the staging folder the start-up sweep
 * clears. `done()` removes it once it has been sent.
 */
export async function exportVillage(id: string) {
  const village = villageById(id)
  if (!village) throw notFound('Village')
  const work = await stagingFolder('export-')
  try {
    const snapshot = path.join(work, 'database.db')
    await snapshotVillage(id, snapshot)
    const copy = new Database(snapshot, { readonly: true })
    const counts = rowCounts(copy)
    copy.close()
    const file = path.join(work, `${village.slug}.tar.gz`)
    // Its uploads wherever they live: its folder of UPLOADS_DIR or its prefix of the bucket.
    await inVillage(scopeOf(village), () =>
      writeArchive({ out: file, snapshot, database: 'sqlite', counts, storage: storage() }),
    )
    fs.rmSync(snapshot, { force: true })
    return {
      village,
      file,
      size: fs.statSync(file).size,
      done: () => fs.rmSync(work, { recursive: true, force: true }),
    }
  } catch (error) {
    fs.rmSync(work, { recursive: true, force: true })
    throw error
  }
}

/**
 * The village's database as one SQLite file at `target`, the one format of every archive: SQLite's online backup of
 * its file, or on PostgreSQL its schema's rows copied into a new file (core/schema-copy.mjs), so an export of either
 * imports into either.
 */
async function snapshotVillage(id: string, target: string) {
  if (getEnv().DATABASE_PROVIDER !== 'postgresql') return snapshotSqlite(villageFile(id), target)
  await withPostgresClient((client) =>
    copyPostgresToSqlite({ client, schema: villageSchema(id), targetFile: target, log: () => undefined }),
  )
}

/**
 * An archive's checked SQLite file becomes the village's database, rebuilt row by row (decision 063): brought up to
 * the current migrations in staging, then the rows of the known tables and columns copied into a new, freshly
 * migrated file (core/schema-copy.mjs), so nothing else of the archive's file (a trigger, a view, a table or column of
 * its own) ever reaches the village. That file is put in place, or on PostgreSQL its rows are copied into the
 * village's new schema. An error in the migrations or the copy is the archive's (`notOurs`).
 */
async function installVillageDatabase(id: string, staged: string, notOurs: (why: string) => Error) {
  const rebuilt = path.join(path.dirname(staged), 'rebuilt.db')
  try {
    migrateVillageFile(staged)
    copySqliteToSqlite({ sourceFile: staged, targetFile: rebuilt })
  } catch (error) {
    throw notOurs((error as Error).message)
  }
  if (getEnv().DATABASE_PROVIDER !== 'postgresql') {
    fs.mkdirSync(path.dirname(villageFile(id)), { recursive: true })
    fs.copyFileSync(rebuilt, villageFile(id))
    return
  }
  await withPostgresClient(async (client) => {
    await migrateVillage(id, client)
    await copySqliteToPostgres({ sourceFile: rebuilt, client, schema: villageSchema(id), log: () => undefined })
  })
}

/**
 * The largest archive an import takes (a village's database and every picture it holds), IMPORT_MAX_MB: 512 by
 * default. Unpacking it may write 4 times as much (decision 063).
 */
export const maxImportMb = () => getEnv().IMPORT_MAX_MB

/**
 * POST /api/regency/villages/import (multipart `slug`, `name`, `file`): a new village from an archive of `npm run
 * backup` or of the export, from this install or a single-village one, with its users, passwords, content, uploads
 * and `site_name`. The archive is checked whole (every file against its manifest, the database's integrity) before
 * anything is kept, and brought up to the current migrations; nothing stays behind after any error.
 */
export const importVillage = (body: MultipartBody, regencyUrl: URL) =>
  buildingVillage(() => importVillageNow(body, regencyUrl))

async function importVillageNow(body: MultipartBody, regencyUrl: URL) {
  const errors: FieldErrors = {}
  const text = (value: unknown) => (Array.isArray(value) ? value[0] : value)
  const slug = checkSlug(text(body.fields.slug), errors)
  const name = checkName(text(body.fields.name), errors)
  const kode = checkKode(text(body.fields.kode_wilayah), errors)
  const kecamatan = checkKecamatan(text(body.fields.kecamatan), errors)
  if (!body.file) errors.File = 'File is required'
  if (Object.keys(errors).length) throw validationError(errors)
  const notOurs = (why: string) => validationError({ File: `File is not a Balai Desa backup (${why})` })
  const id = newVillageId()
  const work = await stagingFolder('import-')
  try {
    const stagedDatabase = path.join(work, 'database.db')
    const stagedUploads = path.join(work, 'uploads')
    let uploads: [string, string][]
    try {
      const maxBytes = unpackLimit(maxImportMb())
      const archive = await readArchive(body.file!.tempPath, { stagedDatabase, stagedUploads, maxBytes })
      if (archive.manifest.database !== 'sqlite') throw new Error('a PostgreSQL backup: import a SQLite one')
      uploads = archive.uploads as [string, string][]
      const db = new Database(stagedDatabase, { readonly: true, fileMustExist: true })
      try {
        if (db.pragma('integrity_check', { simple: true }) !== 'ok') throw new Error('its database is damaged')
        if (!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'users'").get())
          throw new Error('its database holds no site')
      } finally {
        db.close()
      }
    } catch (error) {
      if ((error as { code?: string }).code === 'ARCHIVE_TOO_LARGE')
        throw validationError({ File: `File unpacks to more than ${4 * maxImportMb()} MB (4 times the upload limit)` })
      throw notOurs((error as Error).message)
    }
    await installVillageDatabase(id, stagedDatabase, notOurs)
    crashPoint('import:database')
    // Into the village's storage, wherever it lives (its folder of UPLOADS_DIR or its prefix of the bucket).
    await inVillage(scopeOf({ id, slug }), async () => {
      const store = storage()
      await store.prepare()
      for (const [kind, file] of uploads) await store.put(kind, file, path.join(stagedUploads, kind, file))
    })
    crashPoint('import:uploads')
    await changeRegistry([[INSERT_VILLAGE, [id, slug, name, 'active', new Date().toISOString(), kode, kecamatan]]])
    crashPoint('import:registered')
    log.info({ event: 'village-imported', village: slug, id, files: uploads.length }, `village ${slug} imported`)
    return { ...(await withStats(villageById(id)!)), url: `${villageOrigin(slug, regencyUrl)}/` }
  } catch (error) {
    await removeVillageFiles(id)
    const broken = registryConflict(error)
    if (broken === 'slug') throw validationError({ Slug: 'Slug already exists' })
    if (broken === 'kode') throw validationError({ Kode_wilayah: 'Kode_wilayah already exists' })
    throw error
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
  }
}
