import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { titled } from '~/components/admin/meta'
import { ListErrorBoundary, ListScreen } from '~/components/admin/resource-list'
import { useCan } from '~/components/admin/session'
import { deleteFromList, loadList } from '~/doors/admin.server'
import { formatDate } from '~/lib/format'
import { deleteCategory, getCategory, listCategories } from '~/models/category.server'

export const meta = titled('Manage Categories')

type Row = Awaited<ReturnType<typeof getCategory>>

export const loader = ({ request }: LoaderFunctionArgs) => loadList<Row>(request, 'categories-index', listCategories)

export const action = ({ request }: ActionFunctionArgs) =>
  deleteFromList(request, { permission: 'categories-delete', thing: 'Category', remove: deleteCategory })

export const ErrorBoundary = ListErrorBoundary

export default function Categories() {
  const list = useLoaderData<typeof loader>()
  const can = useCan()
  return (
    <ListScreen
      title="Manage Categories"
      thing="category"
      emptyTitle="No Categories Found"
      addLabel="Add New Category"
      createHref={can('categories-create') ? '/admin/categories/create' : undefined}
      editHref={can('categories-edit') ? (row) => `/admin/categories/edit/${row.id}` : undefined}
      canDelete={can('categories-delete')}
      rowLabel={(row) => row.name}
      list={list}
      columns={[
        { header: 'Category Name', cell: (row) => row.name },
        { header: 'Created At', cell: (row) => formatDate(row.created_at) },
      ]}
    />
  )
}
