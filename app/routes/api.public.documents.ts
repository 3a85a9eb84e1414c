import { methodNotAllowed, publicNamedListApi } from '~/doors/site/public-api.server'
import { listQuery } from '~/lib/cache-keys'
import { DOCUMENT_KINDS, INFORMATION_CLASSES } from '~/lib/documents'
import { PUBLIC_PAGE_SIZE } from '~/lib/paging'
import { declare, get, ok, PUBLIC } from '~/openapi/declare.server'
import { listParams, paginated, documentResponse, z } from '~/openapi/operations.server'

/** GET /api/public/documents?page&search&kind&information_class&year: the public documents. */
export const loader = declare(publicNamedListApi('documents'), {
  ...get('List public documents', PUBLIC),
  query: listParams(PUBLIC_PAGE_SIZE).extend({
    kind: z.enum(DOCUMENT_KINDS).optional(),
    information_class: z.enum(INFORMATION_CLASSES).optional(),
    year: z.string().optional().openapi({ description: 'The year of `enacted_at`', example: '2026' }),
  }),
  etag: true,
  ...ok(paginated(documentResponse, 'PublicDocument'), 'List Data Documents'),
  description:
    'Published documents whose class is not `dikecualikan`, newest first. Search matches title, number and ' +
    'description.',
})
export const action = methodNotAllowed

export const handle = { cacheKey: listQuery('kind', 'information_class', 'year') }
