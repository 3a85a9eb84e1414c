import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { LayananScreen } from '~/components/citizen-services/layanan'
import { layananAction, layananLoader } from '~/doors/citizen-services/citizen-reports.server'
import { routeSeo } from '~/lib/seo'
import { listQuery } from '~/lib/cache-keys'

export const loader = (args: LoaderFunctionArgs) => layananLoader(args)

export const handle = { cacheKey: listQuery() }

export const action = (args: ActionFunctionArgs) => layananAction(args)

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (_data, site) => ({
    title: 'Layanan Pengaduan',
    description: `Sampaikan pengaduan, aspirasi, atau permohonan informasi kepada ${site.name} dan lacak tanggapannya.`,
  }))

export default LayananScreen
