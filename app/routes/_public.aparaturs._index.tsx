import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AparaturCard, CardGrid } from '~/components/public/cards'
import { EmptyState, ListHeader, ListSearch, Pagination } from '~/components/public/list-controls'
import { aparaturSummary, screenPage } from '~/lib/summaries'
import { routeSeo } from '~/lib/seo'
import { listPublicAparaturs } from '~/models/aparatur.server'
import { publicList } from '~/doors/public.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const aparaturs = screenPage(await publicList(request, context, listPublicAparaturs), aparaturSummary)
  return { aparaturs }
}

export const meta: MetaFunction<typeof loader> = (args) => routeSeo(args, (_data, site) => ({ title: 'Aparaturs', description: `Daftar aparatur pemerintahan ${site.name}.` }))

export default function AparatursScreen() {
  const { aparaturs } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <ListHeader title="Aparatur Desa" intro="Perangkat desa yang melayani warga.">
        <ListSearch label="Cari aparatur" placeholder="Cari aparatur..." />
      </ListHeader>
      {aparaturs.data.length === 0 ? (
        <EmptyState>Tidak ada aparatur yang ditemukan.</EmptyState>
      ) : (
        <CardGrid label="Daftar aparatur">
          {aparaturs.data.map((aparatur, index) => (
            <li key={aparatur.id}>
              <AparaturCard aparatur={aparatur} eager={index < 3} />
            </li>
          ))}
        </CardGrid>
      )}
      <Pagination current={aparaturs.current_page} last={aparaturs.last_page} />
    </div>
  )
}
