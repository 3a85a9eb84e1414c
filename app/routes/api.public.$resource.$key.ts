import { publicItemApi, publicWriteApi } from '~/doors/site/public-api.server'
import { noQuery } from '~/lib/cache-keys'
import { at, declare, ok, PUBLIC, type Operation } from '~/openapi/declare.server'
import {
  Development,
  Event,
  PUBLIC_LISTS,
  PublicBudget,
  Statistic,
  documentResponse,
  z,
} from '~/openapi/operations.server'

/** One public item by its key: a 404 when it is not there (or not published). */
const item = (
  path: string,
  summary: string,
  params: z.AnyZodObject,
  answer: { data: z.ZodTypeAny; message: string },
  description?: string,
): Operation => ({
  ...at(params).get(summary, PUBLIC),
  path,
  etag: true,
  ...ok(answer.data, answer.message),
  ...(description ? { description } : {}),
})

const keyParam = (key: string, example: string) => z.object({ [key]: z.string().openapi({ example }) })

/**
 * GET /api/public/{pages, posts, products}/{slug}, /api/public/aparaturs/{id}, and the slug or year of a document,
 * budget, development project, event or statistics dataset: one item or 404.
 */
export const loader = declare(publicItemApi, [
  item(
    '/api/public/budgets/{year}',
    'A published budget year with its lines, totals and groups',
    keyParam('year', '2026'),
    { data: PublicBudget, message: 'Detail Data Budget' },
    'A draft, scheduled or unknown year is a 404.',
  ),
  item(
    '/api/public/developments/{slug}',
    'One development project by slug, with its photos',
    keyParam('slug', 'pengaspalan-jalan-dusun-krajan'),
    { data: Development, message: 'Detail Data Development' },
  ),
  ...PUBLIC_LISTS.filter(([name]) => name !== 'photos').map(([name, thing, , data]) => {
    const key = name === 'aparaturs' ? 'id' : 'slug'
    return item(
      `/api/public/${name}/{${key}}`,
      `One ${thing.toLowerCase()} by ${key}`,
      keyParam(key, key === 'id' ? '1' : 'sejarah-desa'),
      { data, message: `Detail Data ${thing}` },
    )
  }),
  item('/api/public/events/{slug}', 'One event by slug', keyParam('slug', 'posyandu-balita'), {
    data: Event,
    message: 'Detail Data Event',
  }),
  item('/api/public/statistics/{slug}', 'One statistics dataset by slug', keyParam('slug', 'posyandu-balita'), {
    data: Statistic,
    message: 'Detail Data Statistic',
  }),
  item(
    '/api/public/documents/{slug}',
    'One public document by slug',
    keyParam('slug', 'peraturan-desa-nomor-1-tahun-2026'),
    { data: documentResponse, message: 'Detail Data Document' },
    'A `dikecualikan` (exempt) or unpublished document is a 404. The PDF itself is at `/dokumen/{slug}/unduh`.',
  ),
])
export const action = publicWriteApi('item')

export const handle = { cacheKey: noQuery }
