import { lettersApi } from '~/doors/citizen-services/letters-api.server'
import { ADMIN_PAGE_SIZE } from '~/lib/paging'
import { declare, get, post, ok, created, json } from '~/openapi/declare.server'
import { Letter, listParams, paginated, WalkInLetterInput, z } from '~/openapi/operations.server'

/** /api/admin/letters: the register of outgoing letters; POST issues a walk-in villager's letter. */
export const loader = declare(lettersApi, {
  ...get('The register of outgoing letters, newest first', 'letters-index'),
  query: listParams(ADMIN_PAGE_SIZE).extend({ year: z.string().optional().openapi({ example: '2026' }) }),
  ...ok(paginated(Letter, 'Letter')),
  description: '`search` matches the number and the name.',
})

export const action = declare(lettersApi, {
  ...post("Issue a walk-in villager's letter", 'letters-create', json(WalkInLetterInput)),
  ...created(Letter, 'Letter issued successfully'),
  description: 'JSON; `letter_type` a slug, `data` an object. Keys `Letter_type`, `Name`, `Nik`, `Data_<key>`.',
})
