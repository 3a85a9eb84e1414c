import { dipApi, methodNotAllowed } from '~/doors/village-info/ppid-pages.server'
import { onlyQuery } from '~/lib/cache-keys'
import { declare, z } from '~/openapi/operations.server'
import { dipItemResponse } from '~/openapi/ppid-operations.server'

/** GET /api/public/ppid/dip?year: the Daftar Informasi Publik. */
export const loader = declare(dipApi, {
  method: 'get',
  tag: 'Public',
  summary: 'The Daftar Informasi Publik',
  description:
    'Every public document, published APBDes year, development project and statistics dataset (each once, `url` ' +
    'its public page), and the entries staff added; newest `made_at` first. `year` keeps those made that year ' +
    '(key `Year`).',
  permissions: null,
  etag: true,
  query: z.object({ year: z.string().optional().openapi({ example: '2026' }) }),
  ok: { status: 200, data: z.array(dipItemResponse), message: 'Daftar Informasi Publik' },
  fails: [422],
})

export const handle = { cacheKey: onlyQuery('year') }

export const action = methodNotAllowed
