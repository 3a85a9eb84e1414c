import { letterTypesApi } from '~/doors/citizen-services/letters-api.server'
import { ADMIN_PAGE_SIZE } from '~/lib/paging'
import { declare, get, post, ok, created, json } from '~/openapi/declare.server'
import { LetterType, LetterTypeInput, listParams, paginated } from '~/openapi/operations.server'

/** /api/admin/letter-types: the letter types (docs/api.md "Letters"). */
export const loader = declare(letterTypesApi, {
  ...get('The letter types, newest first', 'letters-index'),
  query: listParams(ADMIN_PAGE_SIZE),
  ...ok(paginated(LetterType, 'LetterType')),
})

export const action = declare(letterTypesApi, {
  ...post('Create a letter type', 'letters-create', json(LetterTypeInput)),
  ...created(LetterType, 'Letter type created successfully'),
  description:
    'JSON. A placeholder of `body` that names no field (nor nama, nik, tanggal, nomor, desa) is a 422 on `Body`; ' +
    '`fields` is checked on `Fields`, `number_format` (must hold `{nomor}`) on `Number_format`, `signer_id` (an ' +
    'aparatur) on `Signer_id`.',
})
