import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PageCard, type PageSummary } from '~/components/public/cards'
import { PublicList } from '~/components/public/list-controls'
import { publicPage } from '~/doors/public.server'
import { pageSummary } from '~/lib/summaries'
import { routeSeo } from '~/lib/seo'
import { listPublicPages } from '~/models/page.server'

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  publicPage(request, context, listPublicPages, pageSummary)

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (_data, site) => ({
    title: 'Tentang Desa',
    description: `Profil, sejarah dan informasi tentang ${site.name}.`,
  }))

export default function PagesScreen() {
  return <PublicList of="pages" card={(page: PageSummary) => <PageCard page={page} />} />
}
