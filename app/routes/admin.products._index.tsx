import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { titled } from '~/components/admin/meta'
import { ListErrorBoundary, ListScreen } from '~/components/admin/resource-list'
import { useCan } from '~/components/admin/session'
import { deleteFromList, loadList } from '~/doors/admin.server'
import { formatDate, formatRupiah } from '~/lib/format'
import { deleteProduct, getProduct, listProducts } from '~/models/product.server'

export const meta = titled('Manage Products')

type Row = Awaited<ReturnType<typeof getProduct>>

export const loader = ({ request }: LoaderFunctionArgs) => loadList<Row>(request, 'products-index', listProducts)

export const action = ({ request }: ActionFunctionArgs) =>
  deleteFromList(request, { permission: 'products-delete', thing: 'Product', remove: deleteProduct })

export const ErrorBoundary = ListErrorBoundary

export default function Products() {
  const list = useLoaderData<typeof loader>()
  const can = useCan()
  return (
    <ListScreen
      title="Manage Products"
      thing="product"
      emptyTitle="No Products Found"
      addLabel="Add New Product"
      createHref={can('products-create') ? '/admin/products/create' : undefined}
      editHref={can('products-edit') ? (row) => `/admin/products/edit/${row.id}` : undefined}
      canDelete={can('products-delete')}
      rowLabel={(row) => row.title}
      list={list}
      columns={[
        { header: 'Product Name', cell: (row) => row.title },
        { header: 'Owner', cell: (row) => row.owner },
        { header: 'Price', cell: (row) => formatRupiah(row.price), className: 'whitespace-nowrap' },
        { header: 'Created At', cell: (row) => formatDate(row.created_at) },
      ]}
    />
  )
}
