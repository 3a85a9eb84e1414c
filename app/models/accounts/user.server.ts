import { responseId, selectOf, timestamps, z } from '~/utils/response-shape.server'
import type { Prisma } from '~/generated/prisma/client'
import {
  hashPassword,
  MAX_PASSWORD_BYTES,
  passwordProblem,
  verifyAgainstNobody,
  verifyPassword,
} from '~/utils/password.server'
import { prisma, serializeWrite } from '~/utils/db.server'
import { scrubErased } from '~/utils/erased-bytes.server'
import { conflict, notFound, validationError } from '~/utils/http.server'
import type { ListQuery } from '~/lib/paging'
import { idList, parseInput, requiredText } from '~/utils/validation.server'
import { changedFields, recordActivity, type Actor } from './activity.server'
import { refuseGamblingSpam } from '~/models/citizen-services/spam.server'
import { listPage, orNotFound, rethrowUnique } from '~/models/site/crud.server'

export const ADMIN_ROLE = 'admin'

/** A user's own fields as the contract shows them (never the password hash). */
export const profileResponse = {
  id: responseId(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  ...timestamps,
}
const profileSelect = selectOf(z.object(profileResponse))

/** A user as every answer of the users calls shows it, with the roles' ids and names; nothing else, ever. */
export const userResponse = z
  .object({ ...profileResponse, roles: z.array(z.object({ id: responseId(), name: z.string() }).strict()) })
  .strict()
  .openapi('User', { description: 'Never a password or hash.' })

const publicUserSelect = {
  ...profileSelect,
  roles: { select: { role: { select: { id: true, name: true } } }, orderBy: { role_id: 'asc' } },
} as const

/** The contract's User: never a password or hash. */
const toPublicUser = ({
  roles,
  ...profile
}: Prisma.UserGetPayload<{ select: typeof publicUserSelect }>): z.infer<typeof userResponse> => ({
  ...profile,
  roles: roles.map(({ role }) => role),
})

export type SessionUser = {
  id: number
  name: string
  username: string
  email: string
  created_at: Date
  updated_at: Date
  two_factor_enabled: boolean
  roles: string[]
  /** Permission name -> true, read from the database for this request. */
  permissions: Record<string, true>
}

/** GET /api/admin/me: the login payload without the token, plus `two_factor_enabled`. */
export const accountOf = (user: SessionUser) => ({
  id: user.id,
  name: user.name,
  username: user.username,
  email: user.email,
  created_at: user.created_at,
  updated_at: user.updated_at,
  permissions: user.permissions,
  two_factor_enabled: user.two_factor_enabled,
})

/** The logged-in user with the permissions their roles grant now (the admin role grants all). */
export async function findSessionUser(id: number): Promise<SessionUser | null> {
  const row = await prisma.user.findUnique({
    where: { id },
    select: {
      ...profileSelect,
      two_factor_enabled: true,
      roles: {
        select: {
          role: { select: { name: true, permissions: { select: { permission: { select: { name: true } } } } } },
        },
      },
    },
  })
  if (!row) return null
  const roles = row.roles.map(({ role }) => role.name)
  const permissions: Record<string, true> = {}
  if (roles.includes(ADMIN_ROLE)) {
    for (const { name } of await prisma.permission.findMany({ select: { name: true } })) permissions[name] = true
  }
  for (const { role } of row.roles) for (const { permission } of role.permissions) permissions[permission.name] = true
  const { roles: _roles, ...user } = row
  return { ...user, roles, permissions }
}

/**
 * Username and password, or null. Unknown users and wrong passwords cost the same time. bcrypt reads only the
 * first 72 bytes, so a longer password (never accepted when set) is wrong rather than compared by its start.
 */
export async function verifyLogin(username: string, password: string) {
  const row = await prisma.user.findUnique({
    where: { username },
    select: { id: true, password: true, two_factor_enabled: true },
  })
  if (!row || Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES)
    return verifyAgainstNobody(password).then(() => null)
  return (await verifyPassword(password, row.password))
    ? { id: row.id, two_factor_enabled: row.two_factor_enabled }
    : null
}

/** Whether `password` is the user's current one (for changes that ask for it again). */
export async function checkPassword(userId: number, password: unknown): Promise<boolean> {
  if (typeof password !== 'string' || !password || Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES)
    return false
  const row = await prisma.user.findUnique({ where: { id: userId }, select: { password: true } })
  return row ? verifyPassword(password, row.password) : false
}

/** The id behind a username (the activity log names whose account a failed login tried), or null. */
export const userIdByUsername = async (username: string) =>
  (await prisma.user.findUnique({ where: { username }, select: { id: true } }))?.id ?? null

export const userSearchColumns = ['name', 'username', 'email'] as const

export const listUsers = (query: ListQuery, path: string) =>
  listPage(prisma.user, {
    table: 'users',
    select: publicUserSelect,
    searchColumns: userSearchColumns,
    query,
    path,
    map: toPublicUser,
  })

export const getUser = async (id: number) =>
  toPublicUser(await orNotFound(prisma.user.findUnique({ where: { id }, select: publicUserSelect }), 'User'))

const userFields = {
  name: requiredText('Name'),
  username: requiredText('Username', 50).pipe(
    z.string().regex(/^[A-Za-z0-9._-]+$/, 'Username may only contain letters, numbers, dots, dashes and underscores'),
  ),
  email: requiredText('Email').pipe(z.string().email('Email is not a valid email address')),
  role_ids: idList('Role_ids'),
}

const passwordField = z.preprocess(
  (value) => (typeof value === 'string' ? value : value === undefined || value === null ? '' : value),
  z.string({ invalid_type_error: 'Password must be text' }),
)

export const createSchema = z.object({ ...userFields, password: passwordField }).superRefine((input, ctx) => {
  const problem = input.password === '' ? 'Password is required' : passwordProblem(input.password)
  if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['password'], message: problem })
})

export const updateSchema = z.object({ ...userFields, password: passwordField }).superRefine((input, ctx) => {
  const problem = input.password === '' ? null : passwordProblem(input.password)
  if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['password'], message: problem })
})

/** The field errors of a username or e-mail address that another account (not `exceptId`) already holds. */
export async function takenNames(input: { username: string; email: string }, exceptId?: number) {
  const not = exceptId ? { NOT: { id: exceptId } } : {}
  const [username, email] = await Promise.all([
    prisma.user.findFirst({ where: { username: input.username, ...not }, select: { id: true } }),
    prisma.user.findFirst({ where: { email: input.email, ...not }, select: { id: true } }),
  ])
  const errors: Record<string, string> = {}
  if (username) errors.Username = 'Username already exists'
  if (email) errors.Email = 'Email already exists'
  return errors
}

async function checkUnique(input: { username: string; email: string; role_ids: number[] }, exceptId?: number) {
  const [errors, roles] = await Promise.all([
    takenNames(input, exceptId),
    prisma.role.count({ where: { id: { in: input.role_ids } } }),
  ])
  if (roles !== new Set(input.role_ids).size) errors.Role_ids = 'Role_ids contains an unknown role'
  if (Object.keys(errors).length) throw validationError(errors)
}

type NewAccount = Omit<Prisma.UserCreateInput, 'name' | 'username' | 'email' | 'password'>

/**
 * A new account of `input`'s name, username, e-mail address and password (hashed here), with what `rest` gives (its
 * roles...) after its checks, in one serialized write; a username or e-mail address taken meanwhile is a field error.
 */
export async function insertUser<Select extends Prisma.UserSelect>(
  input: { name: string; username: string; email: string; password: string },
  select: Select,
  rest: () => Promise<NewAccount>,
) {
  const password = await hashPassword(input.password)
  return serializeWrite(async () => {
    const data = { name: input.name, username: input.username, email: input.email, password, ...(await rest()) }
    return prisma.user
      .create({ data, select })
      .catch((error) => rethrowUnique(error, { username: 'Username', email: 'Email' })) as Promise<
      Prisma.UserGetPayload<{ select: Select }>
    >
  })
}

/**
 * Account `id` (read with `found`) given `input`'s name, username, e-mail address and, when not empty, password
 * (hashed here; a new one ends its sessions everywhere), with what `rest` gives after its checks, in one serialized
 * write; 404 when there is no such account, a username or e-mail address taken meanwhile is a field error.
 */
export async function changeUser<Found extends Prisma.UserSelect, Select extends Prisma.UserSelect>(
  id: number,
  input: { name: string; username: string; email: string; password: string },
  [found, select]: [Found, Select],
  rest: (existing: Prisma.UserGetPayload<{ select: Found }>) => Promise<Prisma.UserUpdateInput>,
) {
  const password = input.password ? await hashPassword(input.password) : undefined
  return serializeWrite(async () => {
    const existing = (await prisma.user.findUnique({ where: { id }, select: found })) as Prisma.UserGetPayload<{
      select: Found
    }> | null
    if (!existing) throw notFound('User')
    const data = {
      name: input.name,
      username: input.username,
      email: input.email,
      ...(password ? { password, sessions: { deleteMany: {} } } : {}),
      ...(await rest(existing)),
    }
    return prisma.user
      .update({ where: { id }, data, select })
      .catch((error) => rethrowUnique(error, { username: 'Username', email: 'Email' })) as Promise<
      Prisma.UserGetPayload<{ select: Select }>
    >
  })
}

export async function createUser(raw: unknown) {
  const input = parseInput(createSchema, raw)
  const row = await insertUser(input, publicUserSelect, async () => {
    await checkUnique(input)
    return { roles: { create: [...new Set(input.role_ids)].map((role_id) => ({ role_id })) } }
  })
  return toPublicUser(row)
}

const adminHolders = (exceptUserId: number) =>
  prisma.user.count({ where: { id: { not: exceptUserId }, roles: { some: { role: { name: ADMIN_ROLE } } } } })

export async function updateUser(id: number, raw: unknown) {
  const input = parseInput(updateSchema, raw)
  const found = { id: true, roles: { select: { role: { select: { name: true } } } } } as const
  const row = await changeUser(id, input, [found, publicUserSelect], async (existing) => {
    await checkUnique(input, id)
    const roleIds = [...new Set(input.role_ids)]
    const wasAdmin = existing.roles.some(({ role }) => role.name === ADMIN_ROLE)
    if (wasAdmin) {
      const staysAdmin = await prisma.role.count({ where: { id: { in: roleIds }, name: ADMIN_ROLE } })
      if (!staysAdmin && (await adminHolders(id)) === 0) {
        throw conflict('The last user with the admin role cannot lose it')
      }
    }
    return { roles: { deleteMany: {}, create: roleIds.map((role_id) => ({ role_id })) } }
  })
  return toPublicUser(row)
}

/**
 * `actor` is the user asking: nobody deletes their own account. The account's name, e-mail and sessions (addresses,
 * browsers) are then scrubbed from the database's file too (decision 061).
 */
export async function deleteUser(id: number, actor: Pick<SessionUser, 'id'>) {
  await serializeWrite(async () => {
    const existing = await prisma.user.findUnique({
      where: { id },
      select: { id: true, roles: { select: { role: { select: { name: true } } } } },
    })
    if (!existing) throw notFound('User')
    if (id === actor.id) throw conflict('You cannot delete your own account')
    const isAdmin = existing.roles.some(({ role }) => role.name === ADMIN_ROLE)
    if (isAdmin && (await adminHolders(id)) === 0) throw conflict('The last user with the admin role cannot be deleted')
    await prisma.user.delete({ where: { id } })
  })
  await scrubErased(['users', 'sessions'])
}

export const ownProfileSchema = z.object({
  name: userFields.name,
  email: userFields.email,
})

/** Akun Saya: the user's own name and e-mail (`Name`: no gambling spam; `Email`: valid, not another user's). */
export async function updateOwnProfile(userId: number, raw: unknown, actor: Actor) {
  const input = parseInput(ownProfileSchema, raw)
  // The name is public (a post's author), so the gambling spam guard judges it as it does the users screen's.
  await refuseGamblingSpam(actor, { resource: 'users', id: userId }, { name: input.name })
  const { before, user } = await serializeWrite(async () => {
    const taken = await prisma.user.findFirst({
      where: { email: input.email, NOT: { id: userId } },
      select: { id: true },
    })
    if (taken) throw validationError({ Email: 'Email already exists' })
    const before = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { name: true, email: true } })
    const row = await prisma.user
      .update({ where: { id: userId }, data: input, select: publicUserSelect })
      .catch((error) => rethrowUnique(error, { email: 'Email' }))
    return { before, user: toPublicUser(row) }
  })
  const changes = changedFields(before, { name: user.name, email: user.email })
  await recordActivity({
    actor: { ...actor, name: user.name },
    action: 'update',
    resource: 'users',
    resourceId: userId,
    summary: user.name,
    changes,
  })
  return user
}

const text = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined || value === null ? '' : value

export const passwordChangeSchema = z.object({
  current_password: z.preprocess(text, z.string({ invalid_type_error: 'Current_password must be text' })),
  password: z.preprocess(text, z.string({ invalid_type_error: 'Password must be text' })),
  password_confirmation: z.preprocess(text, z.string({ invalid_type_error: 'Password_confirmation must be text' })),
})

/** A new password with its confirmation: `Password` (8 to 72 bytes) and `Password_confirmation` (must match). */
export function newPasswordProblems(input: {
  password: string
  password_confirmation: string
}): Record<string, string> {
  const errors: Record<string, string> = {}
  const problem = input.password === '' ? 'Password is required' : passwordProblem(input.password)
  if (problem) errors.Password = problem
  else if (input.password !== input.password_confirmation)
    errors.Password_confirmation = 'Password_confirmation does not match the password'
  return errors
}

/**
 * Akun Saya: a new password, given the current one (`Current_password` when wrong). Every other session of the
 * user ends; `keepSession` (the one asking) stays logged in.
 */
export async function changeOwnPassword(userId: number, keepSession: string, raw: unknown, actor: Actor) {
  const input = parseInput(passwordChangeSchema, raw)
  const errors = newPasswordProblems(input)
  if (!input.current_password) errors.Current_password = 'Current_password is required'
  else if (!(await checkPassword(userId, input.current_password))) errors.Current_password = 'Current_password is wrong'
  if (Object.keys(errors).length) throw validationError(errors)
  const password = await hashPassword(input.password)
  return serializeWrite(async () => {
    const row = await prisma.user.update({
      where: { id: userId },
      data: { password, sessions: { deleteMany: { NOT: { id: keepSession } } } },
      select: publicUserSelect,
    })
    return toPublicUser(row)
  }).then(async (user) => {
    await recordActivity({
      actor,
      action: 'password_change',
      resource: 'users',
      resourceId: userId,
      summary: user.name,
      changes: [],
    })
    return user
  })
}
