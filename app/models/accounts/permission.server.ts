import { prisma, serializeWrite } from '~/utils/db.server'
import { notFound } from '~/utils/http.server'
import { parseInput, requiredText } from '~/utils/validation.server'
import { namedReads, rethrowUnique } from '~/models/site/crud.server'
import { assertNameFree } from '~/models/site/unique-name.server'
import { ADMIN_ROLE } from './user.server'
import { responseId, selectOf, timestamps, z } from '~/utils/response-shape.server'

/** A permission as every answer shows it (docs/api.md "Items"); the select of its reads and the API's `Permission`. */
export const permissionResponse = z.object({ id: responseId(), name: z.string(), ...timestamps }).openapi('Permission')
export const permissionSelect = selectOf(permissionResponse)

export const permissionReads = namedReads(prisma.permission, {
  table: 'permissions',
  select: permissionSelect,
  thing: 'Permission',
})

/** What a write of this resource takes (both doors; the API document describes it from here too). */
export const schema = z.object({
  name: requiredText('Name', 100).pipe(
    z.string().regex(/^[a-z0-9_]+(-[a-z0-9_]+)+$/, 'Name must look like resource-action, e.g. posts-create'),
  ),
})

/** A new permission joins the admin role at once: that role always holds every permission. */
export async function createPermission(raw: unknown) {
  const { name } = parseInput(schema, raw)
  return serializeWrite(async () => {
    await assertNameFree(prisma.permission, name)
    const admin = await prisma.role.findUnique({ where: { name: ADMIN_ROLE }, select: { id: true } })
    return prisma.permission
      .create({
        data: { name, ...(admin ? { roles: { create: { role_id: admin.id } } } : {}) },
        select: permissionSelect,
      })
      .catch((error) => rethrowUnique(error, { name: 'Name' }))
  })
}

export async function updatePermission(id: number, raw: unknown) {
  const { name } = parseInput(schema, raw)
  return serializeWrite(async () => {
    if (!(await prisma.permission.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Permission')
    await assertNameFree(prisma.permission, name, id)
    return prisma.permission
      .update({ where: { id }, data: { name }, select: permissionSelect })
      .catch((error) => rethrowUnique(error, { name: 'Name' }))
  })
}

export function deletePermission(id: number) {
  return serializeWrite(async () => {
    if (!(await prisma.permission.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Permission')
    await prisma.permission.delete({ where: { id } })
  })
}
