import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { OpenDataScreen } from '~/components/regency/open-data-screen'
import { openDataLoader } from '~/doors/regency/open-data-pages.server'
import { noQuery } from '~/lib/cache-keys'
import { routeSeo } from '~/lib/seo'

/** `/data` at the regency host (REGENCY_HOST): every village's published datasets and the regency's sums. */
export const loader = openDataLoader

export const handle = { cacheKey: noQuery, regency: true }

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (_data, site) => ({
    title: 'Data Terbuka',
    description: `Data statistik desa-desa di ${site.name}, dengan jumlahnya per kecamatan, dalam CSV dan JSON.`,
  }))

export default function OpenData() {
  return <OpenDataScreen {...useLoaderData<typeof loader>()} />
}
