import { lettersApi } from '~/doors/citizen-services/letters-api.server'
import { ADMIN_PAGE_SIZE } from '~/lib/paging'
import { declare, Letter, listParams, paginated, WalkInLetterInput, z } from '~/openapi/operations.server'

/** /api/admin/letters: the register of outgoing letters; POST issues a walk-in villager's letter. */
export const loader = declare(lettersApi, {
  method: 'get',
  tag: 'Letters',
  summary: 'The register of outgoing letters, newest first',
  description: '`search` matches the number and the name.',
  permissions: ['letters-index'],
  query: listParams(ADMIN_PAGE_SIZE).extend({ year: z.string().optional().openapi({ example: '2026' }) }),
  data: paginated(Letter, 'Letter'),
})

export const action = declare(lettersApi, {
  method: 'post',
  tag: 'Letters',
  summary: "Issue a walk-in villager's letter",
  description: 'JSON; `letter_type` a slug, `data` an object. Keys `Letter_type`, `Name`, `Nik`, `Data_<key>`.',
  permissions: ['letters-create'],
  body: { json: WalkInLetterInput },
  ok: { status: 201, data: Letter, message: 'Letter issued successfully' },
})
