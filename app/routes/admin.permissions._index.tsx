import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { titled } from '~/components/admin/meta'
import { ListErrorBoundary, ListScreen } from '~/components/admin/resource-list'
import { useCan } from '~/components/admin/session'
import { deleteFromList, loadList } from '~/doors/admin.server'
import { formatDate } from '~/lib/format'
import { deletePermission, getPermission, listPermissions } from '~/models/permission.server'

export const meta = titled('Permissions')

type Row = Awaited<ReturnType<typeof getPermission>>

export const loader = ({ request }: LoaderFunctionArgs) => loadList<Row>(request, 'permissions-index', listPermissions)

export const action = ({ request }: ActionFunctionArgs) =>
  deleteFromList(request, { permission: 'permissions-delete', thing: 'Permission', remove: deletePermission })

export const ErrorBoundary = ListErrorBoundary

export default function Permissions() {
  const list = useLoaderData<typeof loader>()
  const can = useCan()
  return (
    <ListScreen
      title="Permissions"
      thing="permission"
      emptyTitle="No Permissions Found"
      addLabel="Add New Permission"
      createHref={can('permissions-create') ? '/admin/permissions/create' : undefined}
      editHref={can('permissions-edit') ? (row) => `/admin/permissions/edit/${row.id}` : undefined}
      canDelete={can('permissions-delete')}
      rowLabel={(row) => row.name}
      list={list}
      columns={[
        { header: 'Name', cell: (row) => row.name },
        { header: 'Created At', cell: (row) => formatDate(row.created_at) },
      ]}
    />
  )
}
