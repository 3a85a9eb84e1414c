import { IMAGE_MAX_MB, MAP_FILE_MAX_MB } from '~/lib/upload-limits'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { jsonWithSuccess } from 'remix-toast'
import { actorOf } from '~/auth/actor.server'
import { can, requirePermission, requireUser } from '~/auth/session.server'
import { HttpError, type FieldErrors } from '~/utils/http.server'
import { readFormFields } from '~/utils/form-input.server'
import { readMultipart } from '~/utils/upload-pipeline.server'
import { parseId } from '~/models/site/crud.server'
import * as map from '~/models/village-info/map.server'
import { importMapFile, type ImportResult } from '~/models/village-info/map-import.server'

/**
 * The admin's `Peta` screen (`/admin/peta`, docs/api.md "Village map (peta desa)"): the layers, the features of the
 * chosen one (drawn and edited on the map, or as GeoJSON text without scripts) and the import. Each form posts an
 * `intent`; a refusal answers its field errors, a success a toast.
 */

const FEATURES_SHOWN = 200

export async function mapAdminLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePermission(request, 'maps-index')
  const layers = await map.listLayers()
  const url = new URL(request.url)
  const chosenId = parseId(url.searchParams.get('layer')) ?? layers[0]?.id ?? null
  const chosen = layers.find((layer) => layer.id === chosenId) ?? null
  const features = chosen
    ? (await map.listFeatures({ page: 1, limit: FEATURES_SHOWN, search: '' }, chosen.id, '/admin/peta')).data.map(
        (feature) => ({ ...feature, geometry: JSON.stringify(feature.geometry) }),
      )
    : []
  const editId = parseId(url.searchParams.get('edit'))
  return {
    layers,
    chosen,
    features,
    editing: features.find((feature) => feature.id === editId) ?? null,
    bbox: (await map.publicMap()).bbox,
    may: {
      create: can(user, 'maps-create'),
      update: can(user, 'maps-update'),
      delete: can(user, 'maps-delete'),
    },
  }
}

export type MapAdminResult = { intent: string; errors: FieldErrors | null; imported?: ImportResult }

const refusal = (intent: string, error: unknown) => {
  if (!(error instanceof HttpError) || error.status >= 500) throw error
  return data<MapAdminResult>(
    { intent, errors: error.errors ?? { Error: error.message } },
    { status: error.status === 404 ? 404 : 422 },
  )
}

const done = (intent: string, message: string, imported?: ImportResult) =>
  jsonWithSuccess<MapAdminResult>({ intent, errors: null, imported }, { message, duration: 3000 })

/** The feature form (multipart, with its optional photo `image`): a new feature without `id`, else a change. */
async function saveFeature(request: Request, input: Record<string, unknown>) {
  const id = parseId(typeof input.id === 'string' ? input.id : null)
  if (id === null) {
    const user = await requirePermission(request, 'maps-create')
    await map.createFeature(input, actorOf(request, user))
    return done('save-feature', 'Fitur ditambahkan.')
  }
  const user = await requirePermission(request, 'maps-update')
  await map.updateFeature(id, input, actorOf(request, user))
  return done('save-feature', 'Fitur disimpan.')
}

export async function mapAdminAction({ request }: ActionFunctionArgs) {
  const multipart = (request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')
  // The feature form posts to `?fitur` (its photo is `image`); the import form's file is `file`.
  if (multipart && new URL(request.url).searchParams.has('fitur')) {
    // Nobody who may neither add nor change a feature gets a photo read (the exact permission is checked once the
    // form says which it is).
    const user = await requireUser(request)
    if (!can(user, 'maps-create') && !can(user, 'maps-update')) throw redirect('/admin/forbidden')
    try {
      const body = await readMultipart(request, 'image', IMAGE_MAX_MB)
      try {
        return await saveFeature(request, { ...body.fields, image: body.file ?? undefined })
      } finally {
        await body.cleanup()
      }
    } catch (error) {
      return refusal('save-feature', error)
    }
  }
  if (multipart) {
    const user = await requirePermission(request, 'maps-create')
    try {
      const body = await readMultipart(request, 'file', MAP_FILE_MAX_MB)
      try {
        const result = await importMapFile(body.fields.layer_id, body.file ?? undefined, actorOf(request, user))
        return done('import', `${result.imported} fitur diimpor, ${result.skipped.length} dilewati.`, result)
      } finally {
        await body.cleanup()
      }
    } catch (error) {
      return refusal('import', error)
    }
  }
  const form = await readFormFields(request)
  const intent = form.get('intent') ?? ''
  const input = Object.fromEntries(form)
  const id = parseId(form.get('id'))
  try {
    switch (intent) {
      case 'create-layer': {
        const user = await requirePermission(request, 'maps-create')
        await map.createLayer({ ...input, public: form.get('public') === '1' }, actorOf(request, user))
        return done(intent, 'Lapisan ditambahkan.')
      }
      case 'update-layer': {
        const user = await requirePermission(request, 'maps-update')
        if (id === null) throw new HttpError(404, 'Layer not found')
        await map.updateLayer(id, { ...input, public: form.get('public') === '1' }, actorOf(request, user))
        return done(intent, 'Lapisan disimpan.')
      }
      case 'delete-layer': {
        const user = await requirePermission(request, 'maps-delete')
        if (id === null) throw new HttpError(404, 'Layer not found')
        await map.deleteLayer(id, actorOf(request, user))
        return done(intent, 'Lapisan dihapus.')
      }
      case 'save-feature':
        return await saveFeature(request, input)
      case 'delete-feature': {
        const user = await requirePermission(request, 'maps-delete')
        if (id === null) throw new HttpError(404, 'Feature not found')
        await map.deleteFeature(id, actorOf(request, user))
        return done(intent, 'Fitur dihapus.')
      }
      default:
        throw new HttpError(400, 'Unknown action')
    }
  } catch (error) {
    return refusal(intent, error)
  }
}
