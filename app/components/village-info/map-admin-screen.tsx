import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import type { FieldErrors, StoredFeature } from '~/lib/map-types'
import { IMAGE_MAX_MB } from '~/lib/upload-limits'
import { uploadUrl } from '~/lib/upload-urls'
import * as Admin from '~/components/shared/admin-kit'

type Layer = {
  id: number
  name: string
  slug: string
  kind: 'area' | 'point' | 'line'
  color: string
  public: boolean
  count: number
}
type Feature = StoredFeature
type Load = {
  layers: Layer[]
  chosen: Layer | null
  features: Feature[]
  editing: Feature | null
  bbox: [number, number, number, number]
  may: { create: boolean; update: boolean; delete: boolean }
}
type Result = {
  intent: string
  errors: FieldErrors | null
  imported?: { imported: number; skipped: { index: number; reason: string }[] }
}

const KIND_LABELS = { area: 'Area', point: 'Titik', line: 'Garis' } as const
const input = 'mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 text-sm'
const button = 'rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700'
const plain = 'rounded-lg border border-gray-300 px-3 py-1.5 text-sm text-gray-700 hover:bg-gray-50'

/** A layer's or a feature's `Hapus`, a form of its own at the row's end. */
const RemoveButton = ({ intent, id }: { intent: string; id: number }) => (
  <Admin.IntentButton intent={intent} id={id} formClass="ml-auto" className="text-sm text-red-700 hover:underline">
    Hapus
  </Admin.IntentButton>
)

function Error({ message }: { message?: string }) {
  return message ? <p className="mt-1 text-sm text-red-600">{message}</p> : null
}

/**
 * `/admin/peta` (menu `Peta`): the layers, the chosen layer's features drawn and edited on the map (a click adds a
 * point or the next vertex; the GeoJSON text is the same form without scripts), and the import of a file.
 */
export function MapAdminScreen() {
  const { layers, chosen, features, editing, bbox, may } = useLoaderData<Load>()
  const result = useActionData<Result>()
  const errorsOf = (intent: string) => (result?.intent === intent ? (result.errors ?? {}) : {})
  const busy = useNavigation().state !== 'idle'
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-gray-900">Peta</h1>

      <section aria-labelledby="lapisan" className="rounded-xl bg-white p-4 shadow-sm">
        <h2 id="lapisan" className="text-lg font-semibold">
          Lapisan
        </h2>
        <ul className="mt-3 divide-y divide-gray-100">
          {layers.map((layer) => (
            <li key={layer.id} className="flex flex-wrap items-center gap-3 py-2 text-sm">
              <span
                aria-hidden="true"
                className="inline-block h-3 w-3 rounded-sm"
                style={{ background: layer.color }}
              />
              <Link
                to={`/admin/peta?layer=${layer.id}`}
                className={layer.id === chosen?.id ? 'font-semibold text-brand-700' : 'text-gray-900 hover:underline'}
              >
                {layer.name}
              </Link>
              <span className="text-gray-500">
                {KIND_LABELS[layer.kind]} · {layer.count} fitur{layer.public ? '' : ' · tidak publik'}
              </span>
              {may.delete ? <RemoveButton intent="delete-layer" id={layer.id} /> : null}
            </li>
          ))}
        </ul>
        {may.create ? (
          <Form method="post" className="mt-4 grid gap-3 sm:grid-cols-4">
            <input type="hidden" name="intent" value="create-layer" />
            <label className="text-sm sm:col-span-2">
              Nama Lapisan
              <input name="name" className={input} required />
              <Error message={errorsOf('create-layer').Name ?? errorsOf('create-layer').Slug} />
            </label>
            <label className="text-sm">
              Jenis
              <select name="kind" className={input} defaultValue="point">
                <option value="area">Area</option>
                <option value="point">Titik</option>
                <option value="line">Garis</option>
              </select>
            </label>
            <label className="text-sm">
              Warna
              <input name="color" type="color" defaultValue="#2563eb" className={`${input} h-10`} />
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="public" value="1" defaultChecked /> Publik
            </label>
            <div className="sm:col-span-3">
              <button type="submit" className={button} disabled={busy}>
                Tambah Lapisan
              </button>
            </div>
          </Form>
        ) : null}
      </section>

      {chosen ? (
        <section aria-labelledby="fitur" className="rounded-xl bg-white p-4 shadow-sm">
          <h2 id="fitur" className="text-lg font-semibold">
            Fitur: {chosen.name}
          </h2>
          {may.create || (editing && may.update) ? (
            <FeatureForm
              key={`${chosen.id}-${editing?.id ?? 'baru'}`}
              layer={chosen}
              feature={editing}
              bbox={bbox}
              errors={errorsOf('save-feature')}
              busy={busy}
            />
          ) : null}
          <ul className="mt-6 divide-y divide-gray-100">
            {features.map((feature) => (
              <li key={feature.id} className="flex flex-wrap items-center gap-3 py-2 text-sm">
                <span className="font-medium text-gray-900">{feature.name}</span>
                {may.update ? (
                  <Link
                    to={`/admin/peta?layer=${chosen.id}&edit=${feature.id}`}
                    className="text-brand-700 hover:underline"
                  >
                    Ubah
                  </Link>
                ) : null}
                {may.delete ? <RemoveButton intent="delete-feature" id={feature.id} /> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {may.create && layers.length ? (
        <section aria-labelledby="impor" className="rounded-xl bg-white p-4 shadow-sm">
          <h2 id="impor" className="text-lg font-semibold">
            Impor
          </h2>
          <p className="mt-1 text-sm text-gray-600">GeoJSON, KML (Google Earth) atau GPX, paling besar 10 MB.</p>
          <Form method="post" encType="multipart/form-data" className="mt-3 grid gap-3 sm:grid-cols-3">
            <label className="text-sm">
              Lapisan Tujuan
              <select name="layer_id" className={input} defaultValue={chosen?.id}>
                {layers.map((layer) => (
                  <option key={layer.id} value={layer.id}>
                    {layer.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="text-sm sm:col-span-2">
              Berkas
              <input type="file" name="file" required className={input} accept=".geojson,.json,.kml,.gpx" />
              <Error message={errorsOf('import').File ?? errorsOf('import').Layer_id ?? errorsOf('import').Error} />
            </label>
            <div>
              <button type="submit" className={button} disabled={busy}>
                Impor
              </button>
            </div>
          </Form>
          {result?.intent === 'import' && result.imported ? (
            <div className="mt-3 text-sm" role="status">
              <p>
                {result.imported.imported} fitur diimpor, {result.imported.skipped.length} dilewati.
              </p>
              <ul className="mt-1 list-disc pl-5 text-gray-600">
                {result.imported.skipped.map((skip) => (
                  <li key={skip.index}>
                    Fitur ke-{skip.index + 1}: {skip.reason}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  )
}

function FeatureForm({
  layer,
  feature,
  bbox,
  errors,
  busy,
}: {
  layer: Layer
  feature: Feature | null
  bbox: [number, number, number, number]
  errors: FieldErrors
  busy: boolean
}) {
  const holder = useRef<HTMLDivElement>(null)
  const geometry = useRef<HTMLTextAreaElement>(null)
  const editor = useRef<{ undo(): void; clear(): void; remove(): void } | null>(null)
  useEffect(() => {
    let gone = false
    import('./leaflet-view.client').then(({ mountEditor }) => {
      if (gone || !holder.current) return
      let initial = null
      try {
        initial = feature ? JSON.parse(feature.geometry) : null
      } catch {
        initial = null
      }
      editor.current = mountEditor(holder.current, bbox, layer.kind, initial, (drawn) => {
        if (geometry.current) geometry.current.value = drawn ? JSON.stringify(drawn) : ''
      })
    })
    return () => {
      gone = true
      editor.current?.remove()
      editor.current = null
    }
  }, [layer.kind, feature, bbox])
  const hint =
    layer.kind === 'point' ? 'Klik peta untuk menaruh titik.' : 'Klik peta untuk menambah titik sudut satu per satu.'
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      action={`/admin/peta?layer=${layer.id}${feature ? `&edit=${feature.id}` : ''}&fitur`}
      className="mt-3 space-y-3"
    >
      <input type="hidden" name="intent" value="save-feature" />
      <input type="hidden" name="layer_id" value={layer.id} />
      {feature ? <input type="hidden" name="id" value={feature.id} /> : null}
      <h3 className="font-medium">{feature ? `Ubah ${feature.name}` : 'Fitur Baru'}</h3>
      <div
        ref={holder}
        className="h-80 w-full rounded-lg border border-gray-200 bg-stone-100"
        role="region"
        aria-label={hint}
        data-testid="peta-gambar"
      />
      <p className="text-sm text-gray-600">{hint}</p>
      <div className="flex gap-2">
        <button type="button" className={plain} onClick={() => editor.current?.undo()}>
          Urungkan Titik
        </button>
        <button type="button" className={plain} onClick={() => editor.current?.clear()}>
          Hapus Gambar
        </button>
      </div>
      <label className="block text-sm">
        Nama
        <input name="name" className={input} defaultValue={feature?.name ?? ''} required />
        <Error message={errors.Name} />
      </label>
      <label className="block text-sm">
        Keterangan
        <textarea name="description" rows={2} className={input} defaultValue={feature?.description ?? ''} />
        <Error message={errors.Description} />
      </label>
      {feature?.image ? (
        <img
          src={uploadUrl('maps', feature.image) ?? undefined}
          alt={feature.name}
          className="h-24 w-auto rounded-lg object-cover"
        />
      ) : null}
      <label className="block text-sm">
        {feature?.image ? 'Ganti Foto' : 'Foto'}
        <input type="file" name="image" accept="image/jpeg,image/png,image/gif,image/webp" className={input} />
        <span className="mt-1 block text-xs text-gray-500">
          JPEG, PNG, GIF atau WebP, paling besar {IMAGE_MAX_MB} MB.
        </span>
        <Error message={errors.Image} />
      </label>
      <label className="block text-sm">
        Geometri (GeoJSON)
        <textarea
          ref={geometry}
          name="geometry"
          rows={3}
          className={`${input} font-mono text-xs`}
          defaultValue={feature?.geometry ?? ''}
          placeholder='{"type":"Point","coordinates":[107.6172,-6.9128]}'
        />
        <Error message={errors.Geometry ?? errors.Layer_id ?? errors.Error} />
      </label>
      <button type="submit" className={button} disabled={busy}>
        Simpan Fitur
      </button>
    </Form>
  )
}
