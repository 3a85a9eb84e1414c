import { responseId, timestamps, z } from '~/utils/response-shape.server'
import { prisma, serializeWrite } from '~/utils/db.server'
import { conflict, notFound, validationError } from '~/utils/http.server'
import { idList, parseInput, requiredText } from '~/utils/validation.server'
import { namedReads, rethrowUnique } from '~/models/site/crud.server'
import { permissionResponse, permissionSelect } from './permission.server'
import { nameTaken } from '~/models/site/unique-name.server'
import { ADMIN_ROLE } from './user.server'

/** A role as every answer shows it, its permissions included (in lists too: the UI counts them). */
export const roleResponse = z
  .object({
    id: responseId(),
    name: z.string(),
    ...timestamps,
    permissions: z.array(permissionResponse),
  })
  .openapi('Role')

/** What the role's reads select: its permissions through the join table, flattened by toRole. */
const roleSelect = {
  id: true,
  name: true,
  created_at: true,
  updated_at: true,
  permissions: { select: { permission: { select: permissionSelect } }, orderBy: { permission_id: 'asc' } },
} as const

type RoleRow = Omit<z.infer<typeof roleResponse>, 'permissions'> & {
  permissions: { permission: z.infer<typeof permissionResponse> }[]
}

const toRole = (row: RoleRow): z.infer<typeof roleResponse> => ({
  ...row,
  permissions: row.permissions.map(({ permission }) => permission),
})

/** The list, every role by name and one by id: each a whole Role of the contract (with its permissions). */
export const roleReads = namedReads(prisma.role, { table: 'roles', select: roleSelect, thing: 'Role' }, toRole)

/** What a write of this resource takes (both doors; the API document describes it from here too). */
export const schema = z.object({ name: requiredText('Name', 100), permission_ids: idList('Permission_ids') })

async function checkInput(input: z.infer<typeof schema>, exceptId?: number) {
  const errors: Record<string, string> = {}
  if (await nameTaken(prisma.role, input.name, exceptId)) errors.Name = 'Name already exists'
  const ids = [...new Set(input.permission_ids)]
  if ((await prisma.permission.count({ where: { id: { in: ids } } })) !== ids.length) {
    errors.Permission_ids = 'Permission_ids contains an unknown permission'
  }
  if (Object.keys(errors).length) throw validationError(errors)
  return ids
}

export async function createRole(raw: unknown) {
  const input = parseInput(schema, raw)
  return serializeWrite(async () => {
    const ids = await checkInput(input)
    const row = await prisma.role
      .create({
        data: { name: input.name, permissions: { create: ids.map((permission_id) => ({ permission_id })) } },
        select: roleSelect,
      })
      .catch((error) => rethrowUnique(error, { name: 'Name' }))
    return toRole(row)
  })
}

/** The admin role keeps its name and every permission, so the site always has an administrator. */
export async function updateRole(id: number, raw: unknown) {
  const input = parseInput(schema, raw)
  return serializeWrite(async () => {
    const existing = await prisma.role.findUnique({ where: { id }, select: { name: true } })
    if (!existing) throw notFound('Role')
    let ids = await checkInput(input, id)
    if (existing.name === ADMIN_ROLE) {
      if (input.name !== ADMIN_ROLE) throw conflict('The admin role cannot be renamed')
      const all = await prisma.permission.findMany({ select: { id: true } })
      if (ids.length && ids.length !== all.length) throw conflict('The admin role always holds every permission')
      ids = all.map((permission) => permission.id)
    }
    const row = await prisma.role
      .update({
        where: { id },
        data: {
          name: input.name,
          permissions: { deleteMany: {}, create: ids.map((permission_id) => ({ permission_id })) },
        },
        select: roleSelect,
      })
      .catch((error) => rethrowUnique(error, { name: 'Name' }))
    return toRole(row)
  })
}

export function deleteRole(id: number) {
  return serializeWrite(async () => {
    const existing = await prisma.role.findUnique({ where: { id }, select: { name: true } })
    if (!existing) throw notFound('Role')
    if (existing.name === ADMIN_ROLE) throw conflict('The admin role cannot be deleted')
    await prisma.role.delete({ where: { id } })
  })
}
