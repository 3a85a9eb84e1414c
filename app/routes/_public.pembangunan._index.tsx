import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { DevelopmentList } from '~/components/village-info/development-view'
import { developmentsLoader } from '~/doors/village-info/transparency.server'
import { routeSeo } from '~/lib/seo'
import styles from '~/styles/transparansi.css?url'
import { listQuery } from '~/lib/cache-keys'

/** /pembangunan: the published development projects, filtered by year and stage, searched by title. */
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const loader = (args: LoaderFunctionArgs) => developmentsLoader(args)

export const handle = { cacheKey: listQuery('year', 'stage') }

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (_data, site) => ({
    title: 'Pembangunan Desa',
    description: `Kegiatan pembangunan ${site.name}: lokasi, anggaran, sumber dana, pelaksana dan kemajuannya.`,
  }))

export default function DevelopmentsScreen() {
  const { data, current_page, last_page, years, filters, search } = useLoaderData<typeof loader>()
  return <DevelopmentList page={{ data, current_page, last_page }} years={years} filters={filters} search={search} />
}
