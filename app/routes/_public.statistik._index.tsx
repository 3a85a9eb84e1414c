import type { MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { statisticsLoader } from '~/doors/village-info/statistics.server'
import { routeSeo } from '~/lib/seo'
import { noQuery } from '~/lib/cache-keys'
import { HeadedSection } from '~/components/shared/headed-section'

export const loader = statisticsLoader

export const handle = { cacheKey: noQuery }

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (_data, site) => ({
    title: 'Statistik Desa',
    description: `${site.name} dalam angka: penduduk, pendidikan, pekerjaan dan data desa lainnya.`,
  }))

export default function StatisticsScreen() {
  const { sections } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-2xl font-bold text-gray-900 md:text-3xl">Statistik Desa</h1>
      <p className="mt-1 text-gray-600">Data desa dalam angka, dengan grafik, tabel dan berkas CSV untuk diunduh.</p>
      <div className="mt-8 grid gap-8 md:grid-cols-2">
        {sections.map((section) => (
          <HeadedSection key={section.category} id={`kategori-${section.category}`} title={section.label} heading="xl">
            {section.datasets.length ? (
              <ul className="mt-3 space-y-2">
                {section.datasets.map((dataset) => (
                  <li key={dataset.id}>
                    <Link
                      to={`/statistik/${dataset.slug}`}
                      className={
                        'block rounded-lg border border-gray-200 bg-white px-4 py-3 font-medium text-gray-900 ' +
                        'shadow-sm hover:border-emerald-300 hover:text-emerald-800'
                      }
                    >
                      {dataset.title}
                      {dataset.year ? (
                        <span className="ml-2 text-sm font-normal text-gray-500">{dataset.year}</span>
                      ) : null}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-sm text-gray-500">Belum ada data.</p>
            )}
          </HeadedSection>
        ))}
      </div>
    </div>
  )
}
