import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { ProductCard, type ProductSummary } from '~/components/public/cards'
import { PublicList } from '~/components/public/list-controls'
import { publicPage } from '~/doors/public.server'
import { productSummary } from '~/lib/summaries'
import { routeSeo } from '~/lib/seo'
import { listPublicProducts } from '~/models/product.server'

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  publicPage(request, context, listPublicProducts, productSummary)

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
