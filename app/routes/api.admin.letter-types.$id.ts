import { letterTypeApi } from '~/doors/citizen-services/letters-api.server'
import { declare, at, json, ok } from '~/openapi/declare.server'
import { idParam, LetterType, LetterTypeInput, z } from '~/openapi/operations.server'

const letterType = at(idParam('letter type'))

/** /api/admin/letter-types/{id}: one letter type. */
export const loader = declare(letterTypeApi, { ...letterType.get('A letter type', 'letters-show'), ...ok(LetterType) })

export const action = declare(letterTypeApi, [
  {
    ...letterType.put('Change a letter type', 'letters-update', json(LetterTypeInput)),
    ...ok(LetterType, 'Letter type updated successfully'),
    description: 'As its create; without `slug` the type keeps its own.',
  },
  {
    ...letterType.del('Delete a letter type no request or letter uses', 'letters-delete'),
    ...ok(z.null(), 'Letter type deleted successfully', 409),
  },
])
