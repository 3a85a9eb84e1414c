import { resourceCreateApi, resourceListApi } from '~/doors/site/admin-api.server'
import { ADMIN_PAGE_SIZE } from '~/lib/paging'
import { declare, type Operation } from '~/openapi/declare.server'
import {
  INPUTS,
  ITEMS,
  imageFile,
  listParams,
  paginated,
  reportKind,
  reportStatus,
  resourceBody,
  withFields,
  beyondInput,
  pdfLine,
  z,
} from '~/openapi/operations.server'
import { RESOURCES } from '~/resources'
import { bodyOf, isReportInbox, isUploadOnly, permissionsOf, uploadOf, writeMessage } from '~/resources/resource'

/** GET /api/admin/{resource}: one page of the list; POST: create. Declared for each resource of the registry. */
export const loader = declare(
  resourceListApi,
  Object.values(RESOURCES).map((resource): Operation => ({
    method: 'get',
    path: `/api/admin/${resource.name}`,
    tag: resource.things,
    summary: `List ${resource.things.toLowerCase()}`,
    permissions: [permissionsOf(resource).index],
    query: isReportInbox(resource)
      ? listParams(ADMIN_PAGE_SIZE).extend({
          status: reportStatus().optional().openapi({ description: 'Only reports of this status' }),
          kind: reportKind().optional().openapi({ description: 'Only reports of this kind' }),
        })
      : resource.publishing
        ? listParams(ADMIN_PAGE_SIZE).extend({
            status: z
              .enum(['draft', 'scheduled', 'published'])
              .optional()
              .openapi({ description: 'Only drafts, scheduled or published items (beyond the original client).' }),
          })
        : listParams(ADMIN_PAGE_SIZE),
    ok: {
      status: 200,
      data: paginated(ITEMS[resource.name], resource.thing),
      message: `List Data ${resource.things}`,
    },
  })),
)

export const action = declare(
  resourceCreateApi,
  Object.values(RESOURCES).flatMap((resource): Operation[] => {
    const create = permissionsOf(resource).create
    if (!create) return []
    const uploadOnly = isUploadOnly(resource)
    const multipart = bodyOf(resource) === 'multipart'
    return [
      {
        method: 'post',
        path: `/api/admin/${resource.name}`,
        tag: resource.things,
        summary: `${uploadOnly ? 'Upload' : 'Create'} a ${resource.thing.toLowerCase()}`,
        description: multipart
          ? uploadOnly
            ? 'A multipart body with the image (required) and the fields.'
            : 'A multipart body (with an optional `image`), or JSON when there is no file.'
          : undefined,
        permissions: [create],
        body: uploadOnly
          ? {
              multipart: withFields(withFields(INPUTS[resource.name].create, beyondInput(resource.name)), {
                image: imageFile(),
              }),
            }
          : resourceBody(resource, INPUTS[resource.name].create, uploadOf(resource).field === 'file'),
        ok: { status: 201, data: ITEMS[resource.name], message: writeMessage(resource, 'created') },
        ...(uploadOf(resource).field === 'file' ? { fails: pdfLine(true) } : {}),
      },
    ]
  }),
)
