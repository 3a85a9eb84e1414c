import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { CardGrid, ProductCard } from '~/components/public/cards'
import { EmptyState, ListHeader, ListSearch, Pagination } from '~/components/public/list-controls'
import { productSummary, screenPage } from '~/lib/summaries'
import { routeSeo } from '~/lib/seo'
import { listPublicProducts } from '~/models/product.server'
import { publicList } from '~/doors/public.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const products = screenPage(await publicList(request, context, listPublicProducts), productSummary)
  return { products }
}

export const meta: MetaFunction<typeof loader> = (args) => routeSeo(args, (_data, site) => ({ title: 'Produk Desa', description: `Produk unggulan warga ${site.name}, dibeli langsung dari penjualnya.` }))

export default function ProductsScreen() {
  const { products } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <ListHeader title="Produk Desa" intro="Hasil bumi dan kerajinan warga, langsung dari penjualnya.">
        <ListSearch label="Cari produk" placeholder="Cari produk..." />
      </ListHeader>
      {products.data.length === 0 ? (
        <EmptyState>Tidak ada produk yang ditemukan.</EmptyState>
      ) : (
        <CardGrid label="Daftar produk">
          {products.data.map((product, index) => (
            <li key={product.id}>
              <ProductCard product={product} eager={index < 3} />
            </li>
          ))}
        </CardGrid>
      )}
      <Pagination current={products.current_page} last={products.last_page} />
    </div>
  )
}
