import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { DaftarInformasiScreen } from '~/components/village-info/ppid-screens'
import { dipPageLoader } from '~/doors/village-info/ppid-pages.server'
import { routeSeo } from '~/lib/seo'
import { listQuery } from '~/lib/cache-keys'

/** /ppid/daftar-informasi: the Daftar Informasi Publik (`?page`, `?year`; `?format=csv` its CSV, `?print=1` the whole list to print). */
export const loader = (args: LoaderFunctionArgs) => dipPageLoader(args)

export const handle = { cacheKey: listQuery('year', 'format', 'print') }

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (_data, site) => ({
    title: 'Daftar Informasi Publik',
    description: `Daftar Informasi Publik ${site.name}.`,
    path: '/ppid/daftar-informasi',
  }))

export default DaftarInformasiScreen
