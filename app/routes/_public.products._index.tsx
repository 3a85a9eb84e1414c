import type { MetaFunction } from '@remix-run/node'
import { ProductCard, type ProductSummary } from '~/components/shared/cards'
import { PublicList } from '~/components/shared/list-controls'
import { routeSeo } from '~/lib/seo'
import { productsLoader } from '~/doors/content/public-pages.server'
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
