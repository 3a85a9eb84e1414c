import type { MetaFunction } from '@remix-run/node'
import { ProductCard, type ProductSummary } from '~/components/public/cards'
import { PublicList } from '~/components/public/list-controls'
import { routeSeo } from '~/lib/seo'
import { productsLoader } from '~/doors/public-pages.server'
import { listQuery } from '~/lib/cache-keys'

export const loader = productsLoader

export const handle = { cacheKey: listQuery() }

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (_data, site) => ({
    title: 'Produk Desa',
    description: `Produk unggulan warga ${site.name}, dibeli langsung dari penjualnya.`,
  }))

export default function ProductsScreen() {
  return (
    <PublicList
      of="products"
      card={(product: ProductSummary, eager) => <ProductCard product={product} eager={eager} />}
    />
  )
}
