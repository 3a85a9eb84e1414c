import { prisma, serializeWrite } from '~/utils/db.server'
import { conflict, notFound, validationError, type FieldErrors } from '~/utils/http.server'
import { scrubErased } from '~/utils/erased-bytes.server'
import { checkInput } from '~/utils/validation.server'
import { paginate, type ListQuery } from '~/lib/paging'
import { responseId, timestamps, z } from '~/utils/response-shape.server'
import { changeUser, createSchema, insertUser, takenNames, updateSchema } from '~/models/accounts/user.server'

/**
 * The regency's accounts (docs/api.md "The regency's data"): in the regency's own database, each with one of two
 * roles: `kabupaten` (permission `regency-admin`: everything) or `camat` (permission `regency-camat`: the console's
 * lists and figures of its `kecamatan`'s villages, no write). Two-factor and the own account are the admin's
 * (`/api/admin/me*`), as for every regency account.
 */

export const REGENCY_ADMIN_ROLE = 'kabupaten'
export const CAMAT_ROLE = 'camat'
export const CAMAT_PERMISSION = 'regency-camat'
export const REGENCY_ROLES = [REGENCY_ADMIN_ROLE, CAMAT_ROLE] as const
export type RegencyRole = (typeof REGENCY_ROLES)[number]

export const regencyUserResponse = z
  .object({
    id: responseId(),
    name: z.string(),
    username: z.string(),
    email: z.string(),
    role: z.enum(REGENCY_ROLES),
    kecamatan: z.string().nullable().openapi({ description: "A camat's kecamatan; null for `kabupaten`" }),
    two_factor_enabled: z.boolean(),
    ...timestamps,
  })
  .strict()
  .openapi('RegencyUser', { description: 'Never a password or hash.' })

export const regencyUserInput = z.object({
  name: z.string(),
  username: z.string(),
  email: z.string(),
  password: z.string().openapi({ description: 'Required on create; on update empty or absent keeps it' }),
  role: z.enum(REGENCY_ROLES).openapi({ description: 'Key `Role`' }),
  kecamatan: z.string().optional().openapi({ description: 'Required for `camat` (key `Kecamatan`)' }),
})

const select = {
  id: true,
  name: true,
  username: true,
  email: true,
  kecamatan: true,
  two_factor_enabled: true,
  created_at: true,
  updated_at: true,
  roles: { select: { role: { select: { name: true } } } },
} as const

type Row = {
  id: number
  name: string
  username: string
  email: string
  kecamatan: string
  two_factor_enabled: boolean
  created_at: Date
  updated_at: Date
  roles: { role: { name: string } }[]
}

const roleOf = (row: Pick<Row, 'roles'>): RegencyRole =>
  row.roles.some(({ role }) => role.name === CAMAT_ROLE) &&
  !row.roles.some(({ role }) => role.name === REGENCY_ADMIN_ROLE)
    ? CAMAT_ROLE
    : REGENCY_ADMIN_ROLE

const toRegencyUser = (row: Row) => {
  const role = roleOf(row)
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    role,
    kecamatan: role === CAMAT_ROLE ? row.kecamatan : null,
    two_factor_enabled: row.two_factor_enabled,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}
export type RegencyUser = ReturnType<typeof toRegencyUser>

/** The kecamatan a regency account is limited to: its own for a camat, null (every village) otherwise. */
export async function kecamatanOf(userId: number): Promise<string | null> {
  const row = await prisma.user.findUnique({ where: { id: userId }, select })
  if (!row) return null
  const user = toRegencyUser(row)
  return user.role === CAMAT_ROLE ? (user.kecamatan ?? '') : null
}

/** GET /api/regency/users?page&search: the regency's accounts, by name. */
export async function listRegencyUsers(query: ListQuery, path: string) {
  const term = query.search.trim()
  const where = term
    ? { OR: [{ name: { contains: term } }, { username: { contains: term } }, { email: { contains: term } }] }
    : {}
  const [total, rows] = await Promise.all([
    prisma.user.count({ where }),
    prisma.user.findMany({
      where,
      select,
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      skip: (query.page - 1) * query.limit,
      take: query.limit,
    }),
  ])
  return paginate(rows.map(toRegencyUser), total, query, path)
}

export async function getRegencyUser(id: number) {
  const row = await prisma.user.findUnique({ where: { id }, select })
  if (!row) throw notFound('User')
  return toRegencyUser(row)
}

/** The role and kecamatan given, checked (`Role`, `Kecamatan`), with the other fields' errors of the users' schema. */
function readInput(raw: Record<string, unknown>, creating: boolean) {
  const errors: FieldErrors = {}
  const role = raw.role
  if (typeof role !== 'string' || !(REGENCY_ROLES as readonly string[]).includes(role))
    errors.Role = 'Role must be kabupaten or camat'
  let kecamatan = ''
  if (role === CAMAT_ROLE) {
    kecamatan = typeof raw.kecamatan === 'string' ? raw.kecamatan.trim().replace(/\s+/g, ' ') : ''
    if (!kecamatan) errors.Kecamatan = 'Kecamatan is required for a camat'
    else if (kecamatan.length > 100) errors.Kecamatan = 'Kecamatan must be at most 100 characters'
  }
  const schema = creating ? createSchema : updateSchema
  const checked = checkInput(schema, { ...raw, role_ids: [] })
  Object.assign(errors, checked.errors)
  if (Object.keys(errors).length) throw validationError(errors)
  const data = checked.data as { name: string; username: string; email: string; password: string }
  return { ...data, role: role as RegencyRole, kecamatan }
}

async function checkTaken(input: { username: string; email: string }, exceptId?: number) {
  const errors = await takenNames(input, exceptId)
  if (Object.keys(errors).length) throw validationError(errors)
}

const roleId = async (role: RegencyRole) =>
  (await prisma.role.findUniqueOrThrow({ where: { name: role }, select: { id: true } })).id

/** Other accounts holding `kabupaten`: the last one may not lose it. */
const otherAdmins = (id: number) =>
  prisma.user.count({ where: { id: { not: id }, roles: { some: { role: { name: REGENCY_ADMIN_ROLE } } } } })

/** POST /api/regency/users {name, username, email, password, role, kecamatan?}. */
export async function createRegencyUser(raw: Record<string, unknown>) {
  const input = readInput(raw, true)
  const row = await insertUser(input, select, async () => {
    await checkTaken(input)
    return { kecamatan: input.kecamatan, roles: { create: { role_id: await roleId(input.role) } } }
  })
  return toRegencyUser(row)
}

/** PUT /api/regency/users/{id}: the same fields; an empty password keeps it, a new one ends its sessions. */
export async function updateRegencyUser(id: number, raw: Record<string, unknown>) {
  const input = readInput(raw, false)
  const row = await changeUser(id, input, [select, select], async (existing) => {
    await checkTaken(input, id)
    if (roleOf(existing) === REGENCY_ADMIN_ROLE && input.role !== REGENCY_ADMIN_ROLE && (await otherAdmins(id)) === 0)
      throw conflict('The last kabupaten account cannot lose its role')
    return {
      kecamatan: input.kecamatan,
      // A change of role or kecamatan ends its sessions too: what it may see changed.
      ...(roleOf(existing) !== input.role || existing.kecamatan !== input.kecamatan
        ? { sessions: { deleteMany: {} } }
        : {}),
      roles: { deleteMany: {}, create: { role_id: await roleId(input.role) } },
    }
  })
  return toRegencyUser(row)
}

/** DELETE /api/regency/users/{id}: never one's own account, never the last `kabupaten` (409). */
export async function deleteRegencyUser(id: number, actorId: number) {
  const existing = await serializeWrite(async () => {
    const row = await prisma.user.findUnique({ where: { id }, select })
    if (!row) throw notFound('User')
    if (id === actorId) throw conflict('You cannot delete your own account')
    if (roleOf(row) === REGENCY_ADMIN_ROLE && (await otherAdmins(id)) === 0)
      throw conflict('The last kabupaten account cannot be deleted')
    await prisma.user.delete({ where: { id } })
    return toRegencyUser(row)
  })
  await scrubErased(['users', 'sessions'])
  return existing
}
