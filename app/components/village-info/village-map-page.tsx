import { useEffect, useRef, useState, type ReactNode } from 'react'
import type { MapPageData } from '~/lib/map-types'
import { ResponsiveImage } from '~/components/shared/responsive-image'
import { MapDrawingSvg, MapLegend } from './map-drawing-svg'

/**
 * `/peta` (heading `Peta Desa`): the interactive map (its script a dynamic import, loaded on this page only), and
 * under it the server's drawing of the same features and their list by layer, which are the page without scripts,
 * without tiles, on paper and for a screen reader. Phone first: the map is as wide as the screen.
 */
export function VillageMapPage({ data, siteName }: { data: MapPageData & { portal?: boolean }; siteName: string }) {
  const holder = useRef<HTMLDivElement>(null)
  const [state, setState] = useState<'waiting' | 'ready' | 'no-tiles' | 'failed'>('waiting')
  useEffect(() => {
    let cleanup: (() => void) | undefined
    let gone = false
    import('./leaflet-view.client')
      .then(({ mountPublicMap }) => {
        if (gone || !holder.current) return
        cleanup = mountPublicMap(
          holder.current,
          data.bbox,
          data.layers.map(({ name, slug, kind, color, file }) => ({ name, slug, kind, color, file })),
          () => setState('no-tiles'),
        )
        setState((now) => (now === 'waiting' ? 'ready' : now))
      })
      .catch(() => setState('failed'))
    return () => {
      gone = true
      cleanup?.()
    }
  }, [data])
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-bold text-gray-900 md:text-3xl">Peta Desa</h1>
      <p className="mt-1 text-gray-600">
        {data.portal
          ? `Batas wilayah setiap desa di ${siteName}; pilih desa untuk membuka situsnya.`
          : `Batas wilayah, dusun, fasilitas umum, pembangunan, produk dan agenda ${siteName} di peta.`}
      </p>
      <div className="mt-4 print:hidden">
        <div
          ref={holder}
          className="h-[65vh] min-h-[320px] w-full rounded-lg border border-gray-200 bg-stone-100"
          role="region"
          aria-label="Peta interaktif"
          data-testid="peta-interaktif"
          data-state={state}
          hidden={state === 'failed'}
        />
        {state === 'no-tiles' ? (
          <p className="mt-2 text-sm text-amber-800" role="status">
            Peta dasar tidak dapat dimuat. Gambar peta dan daftar di bawah tetap dapat dipakai.
          </p>
        ) : null}
        <noscript>
          <p className="mt-2 text-sm text-gray-600">Peta interaktif memerlukan JavaScript; gambar peta ada di bawah.</p>
        </noscript>
      </div>
      <p className="mt-2 text-xs text-gray-500">
        Peta dasar &copy;{' '}
        <a className="underline" href="https://www.openstreetmap.org/copyright">
          kontributor OpenStreetMap
        </a>
      </p>

      <PageSection id="gambar-peta" title="Gambar Peta">
        <div className="mt-3">
          <MapLegend layers={data.layers} />
        </div>
        <div className="mt-3">
          <MapDrawingSvg
            layers={data.layers}
            width={data.width}
            height={data.height}
            title={`Gambar peta ${siteName}: ${data.layers.map((layer) => layer.name).join(', ')}`}
          />
        </div>
        <p className="mt-2 text-sm text-gray-600">
          Unduh data peta:{' '}
          <a
            className="text-emerald-800 underline"
            href={data.portal ? '/api/regency/public/map.geojson' : '/api/public/map.geojson'}
          >
            semua lapisan (GeoJSON)
          </a>
        </p>
      </PageSection>

      <PageSection id="daftar-peta" title="Daftar Tempat">
        {data.layers.length ? null : <p className="mt-3 text-gray-500">Belum ada data peta.</p>}
        <div className="mt-3 grid gap-6 md:grid-cols-2">
          {data.layers.map((layer) => (
            <section key={layer.slug} aria-labelledby={`lapisan-${layer.slug}`}>
              <h3 id={`lapisan-${layer.slug}`} className="flex items-center gap-2 font-semibold text-gray-900">
                <span
                  aria-hidden="true"
                  className="inline-block h-3 w-3 rounded-sm"
                  style={{ background: layer.color }}
                />
                {layer.name}
              </h3>
              <ul className="mt-2 space-y-2">
                {layer.features.map((feature) => (
                  <li key={feature.id} className="rounded-md border border-gray-200 bg-white px-3 py-2 text-sm">
                    {feature.url ? (
                      <a className="font-medium text-emerald-800 underline" href={feature.url}>
                        {feature.name}
                      </a>
                    ) : (
                      <span className="font-medium text-gray-900">{feature.name}</span>
                    )}
                    {feature.measure ? <span className="ml-2 text-gray-500">{feature.measure}</span> : null}
                    {feature.description ? (
                      <p className="mt-1 whitespace-pre-line text-gray-600">{feature.description}</p>
                    ) : null}
                    {feature.image ? (
                      <ResponsiveImage
                        kind="maps"
                        image={feature.image}
                        alt={feature.name}
                        sizes="(min-width: 768px) 45vw, 90vw"
                        width={640}
                        height={480}
                        loading="lazy"
                        className="mt-2 h-auto max-h-48 w-auto max-w-full rounded"
                      />
                    ) : null}
                  </li>
                ))}
              </ul>
              {layer.count > layer.features.length ? (
                <p className="mt-2 text-sm text-gray-600">
                  {layer.count - layer.features.length} lainnya ada di{' '}
                  <a className="underline" href={layer.file}>
                    berkas GeoJSON lapisan ini
                  </a>
                  .
                </p>
              ) : null}
            </section>
          ))}
        </div>
      </PageSection>
    </div>
  )
}

/** A titled section of the map page, labelled by its heading. */
function PageSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="mt-8" aria-labelledby={id}>
      <h2 id={id} className="text-xl font-bold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  )
}
