import { resourceItemApi, resourceItemWriteApi } from '~/doors/site/admin-api.server'
import { declare, type Operation, type Status } from '~/openapi/declare.server'
import { INPUTS, ITEMS, idParam, pdfLine, resourceBody, z } from '~/openapi/operations.server'
import { RESOURCES } from '~/resources'
import { bodyOf, permissionsOf, uploadOf, writeMessage } from '~/resources/resource'

/** What deleting refuses (409), by resource. */
const DELETE_CONFLICTS: Partial<Record<string, string>> = {
  users:
    'The last user with the admin role, or yourself, cannot be deleted (409). Their posts, pages and products stay.',
  roles: 'The admin role cannot be deleted (409).',
  categories: 'A category that still has posts cannot be deleted (409).',
}

/** GET /api/admin/{resource}/{id}; PUT and DELETE. Declared for each resource of the registry. */
export const loader = declare(
  resourceItemApi,
  Object.values(RESOURCES).flatMap((resource): Operation[] => {
    const show = permissionsOf(resource).show
    if (!show) return []
    return [
      {
        method: 'get',
        path: `/api/admin/${resource.name}/{id}`,
        tag: resource.things,
        summary: `One ${resource.thing.toLowerCase()}`,
        permissions: show,
        params: idParam(resource.thing.toLowerCase()),
        ok: { status: 200, data: ITEMS[resource.name], message: `Detail Data ${resource.thing}` },
        fails: [404],
      },
    ]
  }),
)

export const action = declare(
  resourceItemWriteApi,
  Object.values(RESOURCES).flatMap((resource): Operation[] => {
    const { name, thing, things } = resource
    const permissions = permissionsOf(resource)
    const multipart = bodyOf(resource) === 'multipart'
    const common = { path: `/api/admin/${name}/{id}`, tag: things, params: idParam(thing.toLowerCase()) }
    const update: Operation[] = permissions.update
      ? [
          {
            ...common,
            method: 'put',
            summary: `Update a ${thing.toLowerCase()}`,
            description: [
              'The id in the path wins over an `id` in the body.',
              multipart ? 'A new `image` replaces the old file; without one the image stays.' : undefined,
              name === 'users' ? 'An empty or missing `password` keeps the old one.' : undefined,
              name === 'reports'
                ? 'An information request also takes `decision` (`diberikan`, `diberikan_sebagian`, `ditolak`; the ' +
                  'last two need `decision_reason`) and `extend_reason` (the one extension: 7 working days; a ' +
                  'second is a 409).'
                : undefined,
            ]
              .filter(Boolean)
              .join(' '),
            permissions: permissions.update,
            body: resourceBody(resource, INPUTS[name].update ?? INPUTS[name].create),
            ok: { status: 200, data: ITEMS[name], message: writeMessage(resource, 'updated') },
            fails: [
              404,
              ...(['users', 'roles', 'reports'].includes(name) ? ([409] as Status[]) : []),
              ...pdfLine(uploadOf(resource).field === 'file'),
            ],
          },
        ]
      : []
    return [
      ...update,
      {
        ...common,
        method: 'delete',
        summary: `Delete a ${thing.toLowerCase()}`,
        description: DELETE_CONFLICTS[name] ?? (multipart ? "The record's image is removed too." : undefined),
        permissions: [permissions.delete],
        ok: { status: 200, data: z.null(), message: writeMessage(resource, 'deleted') },
        fails: [404, ...(DELETE_CONFLICTS[name] ? ([409] as Status[]) : [])],
      },
    ]
  }),
)
