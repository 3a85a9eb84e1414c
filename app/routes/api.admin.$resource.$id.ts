import { resourceItemApi, resourceItemWriteApi } from '~/doors/site/admin-api.server'
import { at, declare, ok, type Operation, type Status } from '~/openapi/declare.server'
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

/** One item of a declared resource, at `/api/admin/{name}/{id}`. */
const itemOf = (resource: (typeof RESOURCES)[keyof typeof RESOURCES]) => ({
  path: `/api/admin/${resource.name}/{id}`,
  thing: resource.thing.toLowerCase(),
  item: at(idParam(resource.thing.toLowerCase())),
})

/** GET /api/admin/{resource}/{id}; PUT and DELETE. Declared for each resource of the registry. */
export const loader = declare(
  resourceItemApi,
  Object.values(RESOURCES).flatMap((resource): Operation[] => {
    const { path, thing, item } = itemOf(resource)
    const show = permissionsOf(resource).show
    return show
      ? [{ ...item.get(`One ${thing}`, show), path, ...ok(ITEMS[resource.name], `Detail Data ${resource.thing}`) }]
      : []
  }),
)

export const action = declare(
  resourceItemWriteApi,
  Object.values(RESOURCES).flatMap((resource): Operation[] => {
    const { name } = resource
    const { path, thing, item } = itemOf(resource)
    const permissions = permissionsOf(resource)
    const multipart = bodyOf(resource) === 'multipart'
    const update: Operation[] = permissions.update
      ? [
          {
            ...item.put(
              `Update a ${thing}`,
              permissions.update,
              resourceBody(resource, INPUTS[name].update ?? INPUTS[name].create),
            ),
            path,
            ...ok(
              ITEMS[name],
              writeMessage(resource, 'updated'),
              ...(['users', 'roles', 'reports'].includes(name) ? ([409] as Status[]) : []),
              ...pdfLine(uploadOf(resource).field === 'file'),
            ),
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
          },
        ]
      : []
    return [
      ...update,
      {
        ...item.del(`Delete a ${thing}`, permissions.delete),
        path,
        ...ok(z.null(), writeMessage(resource, 'deleted'), ...(DELETE_CONFLICTS[name] ? ([409] as Status[]) : [])),
        description: DELETE_CONFLICTS[name] ?? (multipart ? "The record's image is removed too." : undefined),
      },
    ]
  }),
)
