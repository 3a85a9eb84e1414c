import { HeadedSection } from '~/components/shared/headed-section'
/**
 * `/data` at the regency host (docs/api.md "The regency's data"): the regency's datasets (each summed per village and
 * per kecamatan, the villages left out named) and every village's published datasets, each with its `CSV` and `JSON`
 * downloads. Plain links: it works without scripts.
 */

type Download = { csv: string; json: string }

export type OpenDataView = {
  regency: (Download & {
    slug: string
    title: string
    unit: string
    columns: string[]
    villages: number
    leftOut: string[]
  })[]
  villages: {
    slug: string
    name: string
    kecamatan: string
    kode_wilayah: string | null
    datasets: (Download & { slug: string; title: string; year: number | null })[]
  }[]
}

function Downloads({ links }: { links: Download }) {
  const linkClass =
    'rounded border border-emerald-700 px-2 py-0.5 text-sm font-semibold text-emerald-800 hover:bg-emerald-50'
  return (
    <span className="ml-2 inline-flex gap-2">
      <a href={links.csv} className={linkClass}>
        CSV
      </a>
      <a href={links.json} className={linkClass}>
        JSON
      </a>
    </span>
  )
}

export function OpenDataScreen({ regency, villages }: OpenDataView) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-2xl font-bold text-gray-900 md:text-3xl">Data Terbuka</h1>
      <p className="mt-1 text-gray-600">
        Data statistik yang diterbitkan desa-desa, dan jumlahnya per desa dan per kecamatan. Katalog DCAT:{' '}
        <a href="/data/catalog.json" className="font-semibold text-emerald-800 underline">
          catalog.json
        </a>
      </p>
      <HeadedSection id="data-kabupaten" title="Data Kabupaten" className="mt-8" heading="xl">
        {regency.length ? (
          <ul className="mt-3 space-y-3" aria-label="Data kabupaten">
            {regency.map((dataset) => (
              <li key={dataset.slug} className="rounded-lg border border-gray-200 p-3">
                <span className="font-semibold text-gray-900">{dataset.title}</span>
                <Downloads links={dataset} />
                <p className="mt-1 text-sm text-gray-600">
                  Jumlah dari {dataset.villages} desa, per desa dan per kecamatan ({dataset.columns.join(', ')}
                  {dataset.unit ? `; ${dataset.unit}` : ''}).
                </p>
                {dataset.leftOut.length ? (
                  <p className="mt-1 text-sm text-amber-800">
                    Tidak dijumlahkan karena kolomnya berbeda: {dataset.leftOut.join(', ')}.
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-gray-500">Belum ada data yang diterbitkan lebih dari satu desa.</p>
        )}
      </HeadedSection>
      <HeadedSection id="data-desa" title="Data Desa" className="mt-10" heading="xl">
        {villages.length ? (
          <div className="mt-3 grid gap-6 md:grid-cols-2">
            {villages.map((village) => (
              <section key={village.slug} aria-labelledby={`desa-${village.slug}`}>
                <h3 id={`desa-${village.slug}`} className="text-lg font-bold text-gray-900">
                  {village.name}
                </h3>
                <p className="text-sm text-gray-600">
                  {[village.kecamatan && `Kecamatan ${village.kecamatan}`, village.kode_wilayah]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                <ul className="mt-2 space-y-2">
                  {village.datasets.map((dataset) => (
                    <li key={dataset.slug}>
                      <span className="text-gray-900">
                        {dataset.title}
                        {dataset.year ? ` (${dataset.year})` : ''}
                      </span>
                      <Downloads links={dataset} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        ) : (
          <p className="mt-3 text-gray-500">Belum ada data desa yang diterbitkan.</p>
        )}
      </HeadedSection>
    </div>
  )
}
