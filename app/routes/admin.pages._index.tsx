import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { titled } from '~/components/admin/meta'
import { ListErrorBoundary, ListScreen } from '~/components/admin/resource-list'
import { useCan } from '~/components/admin/session'
import { deleteFromList, loadList } from '~/doors/admin.server'
import { formatDate } from '~/lib/format'
import { deletePage, getPage, listPages } from '~/models/page.server'

export const meta = titled('Manage Pages')

type Row = Awaited<ReturnType<typeof getPage>>

export const loader = ({ request }: LoaderFunctionArgs) => loadList<Row>(request, 'pages-index', listPages)

export const action = ({ request }: ActionFunctionArgs) => deleteFromList(request, { permission: 'pages-delete', thing: 'Page', remove: deletePage })

export const ErrorBoundary = ListErrorBoundary

export default function Pages() {
  const list = useLoaderData<typeof loader>()
  const can = useCan()
  return (
    <ListScreen
      title="Manage Pages"
      thing="page"
      emptyTitle="No Pages Found"
      addLabel="Add New Page"
      createHref={can('pages-create') ? '/admin/pages/create' : undefined}
      editHref={can('pages-edit') ? (row) => `/admin/pages/edit/${row.id}` : undefined}
      canDelete={can('pages-delete')}
      rowLabel={(row) => row.title}
      list={list}
      columns={[
        { header: 'Title', cell: (row) => row.title },
        { header: 'Created At', cell: (row) => formatDate(row.created_at) },
      ]}
    />
  )
}
