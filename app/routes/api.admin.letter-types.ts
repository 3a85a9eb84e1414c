import { letterTypesApi } from '~/doors/citizen-services/letters-api.server'
import { ADMIN_PAGE_SIZE } from '~/lib/paging'
import { declare, LetterType, LetterTypeInput, listParams, paginated } from '~/openapi/operations.server'

/** /api/admin/letter-types: the letter types (docs/api.md "Letters"). */
export const loader = declare(letterTypesApi, {
  method: 'get',
  tag: 'Letters',
  summary: 'The letter types, newest first',
  permissions: ['letters-index'],
  query: listParams(ADMIN_PAGE_SIZE),
  data: paginated(LetterType, 'LetterType'),
})

export const action = declare(letterTypesApi, {
  method: 'post',
  tag: 'Letters',
  summary: 'Create a letter type',
  description:
    'JSON. A placeholder of `body` that names no field (nor nama, nik, tanggal, nomor, desa) is a 422 on `Body`; ' +
    '`fields` is checked on `Fields`, `number_format` (must hold `{nomor}`) on `Number_format`, ' +
    '`signer_id` (an aparatur) on `Signer_id`.',
  permissions: ['letters-create'],
  body: { json: LetterTypeInput },
  ok: { status: 201, data: LetterType, message: 'Letter type created successfully' },
})
