import { letterRequestsApi } from '~/doors/citizen-services/letters-api.server'
import { methodNotAllowed } from '~/doors/site/admin-api.server'
import { ADMIN_PAGE_SIZE } from '~/lib/paging'
import { declare, get, ok } from '~/openapi/declare.server'
import { LetterRequestListItem, listParams, paginated, z } from '~/openapi/operations.server'

/** GET /api/admin/letter-requests: the queue of letter requests, newest first. */
export const loader = declare(letterRequestsApi, {
  ...get('Letter requests, newest first', 'letters-index'),
  query: listParams(ADMIN_PAGE_SIZE).extend({
    status: z.string().optional().openapi({ description: 'diajukan, perlu_perbaikan, diproses, selesai or ditolak' }),
    letter_type: z.string().optional().openapi({ description: "A type's slug" }),
  }),
  ...ok(paginated(LetterRequestListItem, 'LetterRequestListItem')),
  description: '`search` matches the ticket and the name. The NIK is masked here.',
})
export const action = methodNotAllowed
