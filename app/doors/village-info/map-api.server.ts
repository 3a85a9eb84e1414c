import { MAP_FILE_MAX_MB } from '~/lib/upload-limits'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { actorOf } from '~/auth/actor.server'
import type { Actor } from '~/models/accounts/activity.server'
import { requirePermission } from '~/auth/session.server'
import { readJsonObject, apiSuccess, handleApi, HttpError, notFound } from '~/utils/http.server'
import { readMultipart } from '~/utils/upload-pipeline.server'
import { withWriteInput } from '~/utils/api-input.server'
import { PUBLIC_CACHE_CONTROL, publicApiSuccess } from '~/public-reads/read-memo.server'
import { parseId } from '~/models/site/crud.server'
import {
  allLayersGeoJson,
  createFeature,
  createLayer,
  deleteFeature,
  deleteLayer,
  getFeature,
  getLayer,
  layerGeoJson,
  listFeatures,
  listLayers,
  publicMap,
  updateFeature,
  updateLayer,
} from '~/models/village-info/map.server'
import { importMapFile } from '~/models/village-info/map-import.server'
import { ADMIN_PAGE_SIZE, parseListQuery } from '~/lib/paging'
import { byMethod, idOf } from '~/doors/site/door-kit.server'

/**
 * The village map's API (docs/api.md "Village map (peta desa)"): the staff's layers, features and import under
 * `/api/admin/map/*` (permissions `maps-index`, `-create`, `-update`, `-delete`), and the public index and layer files.
 */

/** GET /api/admin/map/layers (every layer with its feature count); POST creates one. */
export const layersApi = byMethod({
  GET: async ({ request }) => {
    await requirePermission(request, 'maps-index')
    return apiSuccess('List Data Map Layers', await listLayers())
  },
  POST: async ({ request }) => {
    const user = await requirePermission(request, 'maps-create')
    const layer = await createLayer(await readJsonObject(request), actorOf(request, user))
    return apiSuccess('Layer created successfully', layer, 201)
  },
})

/**
 * GET, PUT, DELETE of one `thing` (`Layer`, `Feature`) at `/{id}` (`maps-index`, `-update`, `-delete`): the method's
 * 405, then the permission, then the id's 404. `update` reads the request's input and writes it.
 */
const mapRecordApi = <T>(
  thing: 'Layer' | 'Feature',
  model: {
    get: (id: number) => Promise<T>
    update: (request: Request, id: number, actor: Actor) => Promise<T>
    remove: (id: number, actor: Actor) => Promise<unknown>
  },
) =>
  byMethod({
    GET: async ({ request, params }) => {
      await requirePermission(request, 'maps-index')
      return apiSuccess(`Detail Data Map ${thing}`, await model.get(idOf(params.id, thing)))
    },
    PUT: async ({ request, params }) => {
      const user = await requirePermission(request, 'maps-update')
      const id = idOf(params.id, thing)
      return apiSuccess(`${thing} updated successfully`, await model.update(request, id, actorOf(request, user)))
    },
    DELETE: async ({ request, params }) => {
      const user = await requirePermission(request, 'maps-delete')
      await model.remove(idOf(params.id, thing), actorOf(request, user))
      return apiSuccess(`${thing} deleted successfully`, null)
    },
  })

/** GET, PUT (JSON), DELETE /api/admin/map/layers/{id}. */
export const layerApi = mapRecordApi('Layer', {
  get: getLayer,
  update: async (request, id, actor) => updateLayer(id, await readJsonObject(request), actor),
  remove: deleteLayer,
})

/** GET /api/admin/map/features?layer_id&page&limit; POST creates one. */
export const featuresApi = byMethod({
  GET: async ({ request }) => {
    await requirePermission(request, 'maps-index')
    const url = new URL(request.url)
    const given = url.searchParams.get('layer_id')
    const layerId = given === null || given === '' ? null : parseId(given)
    if (given && layerId === null)
      throw new HttpError(422, 'Validation Errors', { Layer_id: 'Layer_id must be a layer id' })
    const query = parseListQuery(url.searchParams, ADMIN_PAGE_SIZE)
    return apiSuccess('List Data Map Features', await listFeatures(query, layerId, '/api/admin/map/features'))
  },
  POST: async ({ request }) => {
    const user = await requirePermission(request, 'maps-create')
    // JSON, or multipart with an optional photo `image` (its `geometry` then JSON text), as a report is filed.
    const feature = await withWriteInput(request, 'multipart', (input) => createFeature(input, actorOf(request, user)))
    return apiSuccess('Feature created successfully', feature, 201)
  },
})

/** GET, PUT (JSON, or multipart with an optional photo `image`), DELETE /api/admin/map/features/{id}. */
export const featureApi = mapRecordApi('Feature', {
  get: getFeature,
  update: (request, id, actor) => withWriteInput(request, 'multipart', (input) => updateFeature(id, input, actor)),
  remove: deleteFeature,
})

/** POST /api/admin/map/import (multipart `layer_id`, `file`) -> 201 {imported, skipped}. */
export const importApi = byMethod({
  POST: async ({ request }) => {
    const user = await requirePermission(request, 'maps-create')
    const type = (request.headers.get('content-type') ?? '').toLowerCase()
    if (!type.startsWith('multipart/form-data'))
      throw new HttpError(415, 'Unsupported Media Type', { Error: 'Expected multipart/form-data' })
    const body = await readMultipart(request, 'file', MAP_FILE_MAX_MB)
    try {
      const result = await importMapFile(body.fields.layer_id, body.file ?? undefined, actorOf(request, user))
      return apiSuccess('Map features imported', result, 201)
    } finally {
      await body.cleanup()
    }
  },
})

/** GET /api/public/map -> {bbox, layers}. */
export const publicMapApi = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => publicApiSuccess(request, 'Data Peta Desa', await publicMap()))

const GEOJSON_TYPE = 'application/geo+json; charset=utf-8'

function geoJsonAnswer(request: Request, file: { body: string; etag: string }, name: string) {
  const headers = {
    ETag: file.etag,
    'Cache-Control': PUBLIC_CACHE_CONTROL,
    'Content-Type': GEOJSON_TYPE,
    'Content-Disposition': `inline; filename="${name}.geojson"`,
  }
  const held = (request.headers.get('If-None-Match') ?? '').split(',').map((tag) => tag.trim())
  if (held.includes(file.etag) || held.includes('*')) return new Response(null, { status: 304, headers })
  return new Response(file.body, { status: 200, headers })
}

/** GET /api/public/map/layers/{slug}.geojson: a public layer's FeatureCollection (404 for any other slug). */
export const publicLayerFileApi = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const slug = params.slug ?? ''
    const file = /^[a-z0-9-]{1,100}$/.test(slug) ? await layerGeoJson(slug) : null
    if (!file) throw notFound('Layer')
    return geoJsonAnswer(request, file, slug)
  })

/** GET /api/public/map.geojson: every public layer in one FeatureCollection (the export). */
export const publicMapExportApi = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => geoJsonAnswer(request, await allLayersGeoJson(), 'peta-desa'))

export { methodNotAllowed } from '~/utils/http.server'
