import { letterTypeApi } from '~/doors/citizen-services/letters-api.server'
import { declare, idParam, LetterType, LetterTypeInput, z } from '~/openapi/operations.server'

/** /api/admin/letter-types/{id}: one letter type. */
export const loader = declare(letterTypeApi, {
  method: 'get',
  tag: 'Letters',
  summary: 'A letter type',
  permissions: ['letters-show'],
  params: idParam('letter type'),
  data: LetterType,
  fails: [404],
})

export const action = declare(
  letterTypeApi,
  {
    method: 'put',
    tag: 'Letters',
    summary: 'Change a letter type',
    description: 'As its create; without `slug` the type keeps its own.',
    permissions: ['letters-update'],
    params: idParam('letter type'),
    body: { json: LetterTypeInput },
    ok: { status: 200, data: LetterType, message: 'Letter type updated successfully' },
    fails: [404],
  },
  {
    method: 'delete',
    tag: 'Letters',
    summary: 'Delete a letter type no request or letter uses',
    permissions: ['letters-delete'],
    params: idParam('letter type'),
    ok: { status: 200, data: z.null(), message: 'Letter type deleted successfully' },
    fails: [404, 409],
  },
)
