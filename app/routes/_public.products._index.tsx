import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { ProductCard, type ProductSummary } from '~/components/public/cards'
import { PublicList } from '~/components/public/list-controls'
import { publicPage } from '~/doors/public.server'
import { routeSeo } from '~/lib/seo'
import { listProducts } from '~/models/product.server'

export const loader = ({ request }: LoaderFunctionArgs) => publicPage(request, listProducts)

export const meta: MetaFunction<typeof loader> = (args) => routeSeo(args, (_data, site) => ({ title: 'Produk Desa', description: `Produk unggulan warga ${site.name}, dibeli langsung dari penjualnya.` }))

export default function ProductsScreen() {
  return <PublicList of="products" card={(product: ProductSummary, eager) => <ProductCard product={product} eager={eager} />} />
}
