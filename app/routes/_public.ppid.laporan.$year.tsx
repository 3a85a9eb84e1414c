import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { LaporanScreen } from '~/components/village-info/ppid-screens'
import { reportPageLoader } from '~/doors/village-info/ppid-pages.server'
import { routeSeo } from '~/lib/seo'
import { noQuery } from '~/lib/cache-keys'

/** /ppid/laporan/{year}: the PPID's annual report, a chart and its table. */
export const loader = (args: LoaderFunctionArgs) => reportPageLoader(args)

export const handle = { cacheKey: noQuery }

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (data) => ({
    title: `Laporan Layanan Informasi Publik ${data?.report.year ?? ''}`,
    description: 'Laporan tahunan layanan informasi publik desa.',
  }))

export default LaporanScreen
