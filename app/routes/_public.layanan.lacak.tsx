import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { LacakScreen } from '~/components/citizen-services/layanan'
import { lacakAction, lacakLoader } from '~/doors/citizen-services/citizen-reports.server'
import { routeSeo } from '~/lib/seo'
import { onlyQuery } from '~/lib/cache-keys'

export const loader = (args: LoaderFunctionArgs) => lacakLoader(args)

export const handle = { cacheKey: onlyQuery('tiket') }

export const action = (args: ActionFunctionArgs) => lacakAction(args)

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (_data, site) => ({
    title: 'Lacak Laporan',
    description: `Lihat status dan tanggapan laporan Anda kepada ${site.name}.`,
    path: '/layanan/lacak',
  }))

export default LacakScreen
