import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { DocumentListScreen } from '~/components/village-info/document-list'
import { documentsLoader } from '~/doors/village-info/public-information.server'
import { routeSeo } from '~/lib/seo'
import { listQuery } from '~/lib/cache-keys'

export const loader = (args: LoaderFunctionArgs) => documentsLoader(args)

export const handle = { cacheKey: listQuery('kind', 'information_class', 'year', 'legal_status') }

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (_data, site) => ({
    title: 'Dokumen Desa',
    description: `Peraturan desa, keputusan kepala desa, laporan, dan dokumen informasi publik ${site.name}.`,
  }))

export default function DocumentsScreen() {
  return <DocumentListScreen data={useLoaderData<typeof loader>()} />
}
