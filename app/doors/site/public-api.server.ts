import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { findPublicResource } from '~/models/site/public-catalog.server'
import { getPublicSettings } from '~/models/site/settings.server'
import { publicApiSuccess } from '~/public-reads/read-memo.server'
import { type ZodTypeAny } from 'zod'
import { declare, z } from '~/openapi/operations.server'
import { handleApi, HttpError } from '~/utils/http.server'
import { publicList } from './public.server'

export { methodNotAllowed } from '~/utils/http.server'

/**
 * The public API door (`/api/public/*`, no authentication): the reads of docs/api.md "Public calls", answered from
 * the read memo with an ETag (a 304 when the client holds the answer).
 */

/** GET /api/public/{pages, posts, products, aparaturs, photos}: a page. */
export const publicListApi = ({ request, params, context }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const resource = findPublicResource(params.resource)
    if (!resource?.list) throw new HttpError(404, 'Not found')
    return publicApiSuccess(request, `List Data ${resource.things}`, await publicList(request, context, resource.list))
  })

/** GET /api/public/{name} of a list with a route of its own (its filters are part of its cache key). */
export const publicNamedListApi =
  (name: string) =>
  ({ request, context }: LoaderFunctionArgs) =>
    handleApi(request, async () => {
      const resource = findPublicResource(name)
      if (!resource?.list) throw new HttpError(404, 'Not found')
      return publicApiSuccess(
        request,
        `List Data ${resource.things}`,
        await publicList(request, context, resource.list),
      )
    })

/** GET /api/public/{sliders, posts_home, products_home, aparaturs_home, photos_home}: a plain array. */
export const publicArrayApi =
  (name: string) =>
  ({ request }: LoaderFunctionArgs) =>
    handleApi(request, async () => {
      const resource = findPublicResource(name)
      if (!resource?.all) throw new HttpError(404, 'Not found')
      return publicApiSuccess(request, `List Data ${resource.things}`, await resource.all())
    })

/** GET /api/public/{pages, posts, products}/{slug} and /api/public/aparaturs/{id}: one item or 404. */
export const publicItemApi = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const resource = findPublicResource(params.resource)
    if (!resource?.detail || !params.key) throw new HttpError(404, 'Not found')
    return publicApiSuccess(request, `Detail Data ${resource.thing}`, await resource.detail(params.key))
  })

/** Writes to a public list or item: 405 where it exists, 404 otherwise. */
export const publicWriteApi =
  (kind: 'list' | 'item') =>
  ({ request, params }: ActionFunctionArgs) =>
    handleApi(request, async () => {
      const resource = findPublicResource(params.resource)
      if (!resource || (kind === 'item' ? !resource.detail : !resource.list)) throw new HttpError(404, 'Not found')
      throw new HttpError(405, 'Method Not Allowed')
    })

/** GET /api/public/settings: the village's name, tagline, logo and contacts (no authentication). */
export const publicSettingsApi = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => publicApiSuccess(request, 'Site Settings', await getPublicSettings()))

/**
 * The loader of `/api/public/{name}`, a route that answers a plain array: `publicArrayApi(name)` declared for the API
 * document as every one of them is (GET, tag Public, no authentication, an ETag, 200 with an array of `item` and
 * `List Data {Things}`).
 */
export function publicArrayLoader(name: string, item: ZodTypeAny, words: { summary: string; description?: string }) {
  const things = findPublicResource(name)?.things
  if (!things) throw new Error(`No public array named ${name}`)
  return declare(publicArrayApi(name), {
    method: 'get',
    tag: 'Public',
    ...words,
    permissions: null,
    etag: true,
    ok: { status: 200, data: z.array(item), message: `List Data ${things}` },
  })
}
