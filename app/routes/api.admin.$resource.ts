import { resourceCreateApi, resourceListApi } from '~/doors/site/admin-api.server'
import { ADMIN_PAGE_SIZE } from '~/lib/paging'
import { created, declare, get, multipart, ok, post, type Operation } from '~/openapi/declare.server'
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
    ...get(`List ${resource.things.toLowerCase()}`, permissionsOf(resource).index),
    path: `/api/admin/${resource.name}`,
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
    ...ok(paginated(ITEMS[resource.name], resource.thing), `List Data ${resource.things}`),
  })),
)

export const action = declare(
  resourceCreateApi,
  Object.values(RESOURCES).flatMap((resource): Operation[] => {
    const create = permissionsOf(resource).create
    if (!create) return []
    const uploadOnly = isUploadOnly(resource)
    const multipartBody = bodyOf(resource) === 'multipart'
    const pdf = uploadOf(resource).field === 'file'
    return [
      {
        ...post(
          `${uploadOnly ? 'Upload' : 'Create'} a ${resource.thing.toLowerCase()}`,
          create,
          uploadOnly
            ? multipart(
                withFields(withFields(INPUTS[resource.name].create, beyondInput(resource.name)), {
                  image: imageFile(),
                }),
              )
            : resourceBody(resource, INPUTS[resource.name].create, pdf),
        ),
        path: `/api/admin/${resource.name}`,
        ...created(ITEMS[resource.name], writeMessage(resource, 'created'), ...pdfLine(pdf)),
        description: multipartBody
          ? uploadOnly
            ? 'A multipart body with the image (required) and the fields.'
            : 'A multipart body (with an optional `image`), or JSON when there is no file.'
          : undefined,
      },
    ]
  }),
)
