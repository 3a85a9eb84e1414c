import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { KeberatanScreen } from '~/components/village-info/ppid-screens'
import { keberatanAction, keberatanLoader } from '~/doors/citizen-services/objections.server'
import { routeSeo } from '~/lib/seo'
import { onlyQuery } from '~/lib/cache-keys'

/** /ppid/keberatan: the objection form (UU 14/2008 Pasal 35), `?tiket=` the request objected to. */
export const loader = (args: LoaderFunctionArgs) => keberatanLoader(args)

export const handle = { cacheKey: onlyQuery('tiket') }

export const action = (args: ActionFunctionArgs) => keberatanAction(args)

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (_data, site) => ({
    title: 'Pengajuan Keberatan',
    description: `Ajukan keberatan atas layanan informasi publik ${site.name}.`,
    path: '/ppid/keberatan',
  }))

export default KeberatanScreen
