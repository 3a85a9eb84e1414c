import { letterTypeApi } from '~/doors/citizen-services/letters-api.server'
import { declare, get, put, del, ok, json } from '~/openapi/declare.server'
import { idParam, LetterType, LetterTypeInput, z } from '~/openapi/operations.server'

/** /api/admin/letter-types/{id}: one letter type. */
export const loader = declare(letterTypeApi, {
  ...get('A letter type', 'letters-show'),
  params: idParam('letter type'),
  ...ok(LetterType),
})

export const action = declare(
  letterTypeApi,
  {
    ...put('Change a letter type', 'letters-update'),
    params: idParam('letter type'),
    body: json(LetterTypeInput),
    ...ok(LetterType, 'Letter type updated successfully'),
    description: 'As its create; without `slug` the type keeps its own.',
  },
  {
    ...del('Delete a letter type no request or letter uses', 'letters-delete'),
    params: idParam('letter type'),
    ...ok(z.null(), 'Letter type deleted successfully', 409),
  },
)
