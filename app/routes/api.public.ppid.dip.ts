import { dipApi, methodNotAllowed } from '~/doors/village-info/ppid-pages.server'
import { onlyQuery } from '~/lib/cache-keys'
import { declare, get, ok, PUBLIC } from '~/openapi/declare.server'
import { z } from '~/openapi/operations.server'
import { dipItemResponse } from '~/openapi/ppid-operations.server'

/** GET /api/public/ppid/dip?year: the Daftar Informasi Publik. */
export const loader = declare(dipApi, {
  ...get('The Daftar Informasi Publik', PUBLIC),
  query: z.object({ year: z.string().optional().openapi({ example: '2026' }) }),
  etag: true,
  ...ok(z.array(dipItemResponse), 'Daftar Informasi Publik', 422),
  description:
    'Every public document, published APBDes year, development project and statistics dataset (each once, `url` its ' +
    'public page), and the entries staff added; newest `made_at` first. `year` keeps those made that year (key ' +
    '`Year`).',
})

export const handle = { cacheKey: onlyQuery('year') }

export const action = methodNotAllowed
