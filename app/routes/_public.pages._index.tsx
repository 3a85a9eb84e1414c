import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { CardGrid, PageCard } from '~/components/public/cards'
import { EmptyState, ListHeader, ListSearch, Pagination } from '~/components/public/list-controls'
import { pageSummary, screenPage } from '~/lib/summaries'
import { routeSeo } from '~/lib/seo'
import { listPublicPages } from '~/models/page.server'
import { publicList } from '~/doors/public.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const pages = screenPage(await publicList(request, context, listPublicPages), pageSummary)
  return { pages }
}

export const meta: MetaFunction<typeof loader> = (args) => routeSeo(args, (_data, site) => ({ title: 'Tentang Desa', description: `Profil, sejarah dan informasi tentang ${site.name}.` }))

export default function PagesScreen() {
  const { pages } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <ListHeader title="Tentang Desa" intro="Sejarah, profil, dan informasi penting tentang desa.">
        <ListSearch label="Cari halaman" placeholder="Cari halaman..." />
      </ListHeader>
      {pages.data.length === 0 ? (
        <EmptyState>Tidak ada halaman yang ditemukan.</EmptyState>
      ) : (
        <CardGrid label="Daftar halaman">
          {pages.data.map((page) => (
            <li key={page.id}>
              <PageCard page={page} />
            </li>
          ))}
        </CardGrid>
      )}
      <Pagination current={pages.current_page} last={pages.last_page} />
    </div>
  )
}
