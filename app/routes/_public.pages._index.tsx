import type { MetaFunction } from '@remix-run/node'
import { PageCard, type PageSummary } from '~/components/shared/cards'
import { PublicList } from '~/components/shared/list-controls'
import { routeSeo } from '~/lib/seo'
import { pagesLoader } from '~/doors/content/public-pages.server'
import { listQuery } from '~/lib/cache-keys'

export const loader = pagesLoader

export const handle = { cacheKey: listQuery() }

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (_data, site) => ({
    title: 'Tentang Desa',
    description: `Profil, sejarah dan informasi tentang ${site.name}.`,
  }))

export default function PagesScreen() {
  return <PublicList of="pages" card={(page: PageSummary) => <PageCard page={page} />} />
}
