import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { DetailTop } from '~/components/shared/detail-top'
import { BarChart, PieChart } from '~/components/village-info/chart'
import { DatasetTable } from '~/components/village-info/dataset-table'
import { statisticLoader } from '~/doors/village-info/statistics.server'
import { formatNumber } from '~/lib/format'
import { absoluteUrl, routeSeo } from '~/lib/seo'
import { noQuery } from '~/lib/cache-keys'

export const loader = statisticLoader

export const handle = { cacheKey: noQuery }

export { keepLoaderHeaders as headers } from '~/doors/site/public.server'

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (data, site) => ({
    title: data.dataset.title,
    description:
      `${data.dataset.title}${data.dataset.year ? ` (${data.dataset.year})` : ''}: data ` +
      `${data.dataset.categoryLabel.toLowerCase()} ${site.name}, dengan grafik, tabel dan CSV.`,
    jsonLd: {
      '@type': 'Dataset',
      name: data.dataset.title,
      description: `Statistik ${data.dataset.categoryLabel} ${site.name}`,
      url: absoluteUrl(site.url, `/statistik/${data.dataset.slug}`),
      ...(data.dataset.year ? { temporalCoverage: String(data.dataset.year) } : {}),
      creator: { '@type': 'GovernmentOrganization', name: site.name },
      distribution: {
        '@type': 'DataDownload',
        encodingFormat: 'text/csv',
        contentUrl: absoluteUrl(site.url, `/statistik/${data.dataset.slug}.csv`),
      },
    },
    noindex: !!data.preview,
  }))

export default function StatisticScreen() {
  const { dataset, preview } = useLoaderData<typeof loader>()
  const unit = dataset.unit ? ` ${dataset.unit}` : ''
  const format = (value: number) => `${formatNumber(value)}${unit}`
  const details = [dataset.year ? `Tahun ${dataset.year}` : '', dataset.unit ? `Satuan: ${dataset.unit}` : '']
    .filter(Boolean)
    .join(' · ')
  return (
    <article className="mx-auto max-w-5xl px-4 py-10">
      <DetailTop resource="statistics" preview={preview} item={dataset} />
      <header className="mt-6">
        <p className="text-sm font-semibold text-emerald-800">{dataset.categoryLabel}</p>
        <h1 className="mt-1 text-3xl font-bold leading-tight text-gray-900">{dataset.title}</h1>
        {details ? <p className="mt-2 text-sm text-gray-600">{details}</p> : null}
      </header>
      <figure className="mx-auto mt-8 max-w-xl rounded-xl border border-gray-200 bg-white p-4">
        {dataset.chart === 'pie' && dataset.columns.length === 1 ? (
          <PieChart
            title={`Grafik lingkaran: ${dataset.title}`}
            rows={dataset.rows.map((row) => ({ label: row.label, value: row.values[0] ?? 0 }))}
            format={format}
          />
        ) : (
          <BarChart
            title={`Grafik batang: ${dataset.title}`}
            series={dataset.columns}
            rows={dataset.rows}
            format={format}
          />
        )}
        <figcaption className="mt-2 text-sm text-gray-600">Angka lengkapnya ada di tabel di bawah.</figcaption>
      </figure>
      <div className="mt-8">
        <DatasetTable
          caption={`${dataset.title}${dataset.unit ? ` (${dataset.unit})` : ''}`}
          labelColumn={dataset.labelColumn}
          columns={dataset.columns}
          rows={dataset.rows}
          totals={dataset.totals}
        />
      </div>
      <div className="mt-6 flex flex-wrap items-center gap-4">
        <a
          href={`/statistik/${dataset.slug}.csv`}
          download
          className={
            'inline-flex items-center gap-2 rounded-lg bg-emerald-700 px-4 ' +
            'py-2 text-sm font-semibold text-white hover:bg-emerald-800'
          }
        >
          Unduh CSV
        </a>
        {dataset.source ? <p className="text-sm text-gray-600">Sumber: {dataset.source}</p> : null}
      </div>
    </article>
  )
}
