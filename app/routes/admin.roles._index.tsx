import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { titled } from '~/components/admin/meta'
import { ListErrorBoundary, ListScreen } from '~/components/admin/resource-list'
import { useCan } from '~/components/admin/session'
import { deleteFromList, loadList } from '~/doors/admin.server'
import { formatDate } from '~/lib/format'
import { deleteRole, getRole, listRoles } from '~/models/role.server'

export const meta = titled('Manage Roles')

type Row = Awaited<ReturnType<typeof getRole>>

export const loader = ({ request }: LoaderFunctionArgs) => loadList<Row>(request, 'roles-index', listRoles)

export const action = ({ request }: ActionFunctionArgs) => deleteFromList(request, { permission: 'roles-delete', thing: 'Role', remove: deleteRole })

export const ErrorBoundary = ListErrorBoundary

export default function Roles() {
  const list = useLoaderData<typeof loader>()
  const can = useCan()
  return (
    <ListScreen
      title="Manage Roles"
      thing="role"
      emptyTitle="No Role Found"
      addLabel="Add New Role"
      createHref={can('roles-create') ? '/admin/roles/create' : undefined}
      editHref={can('roles-edit') ? (row) => `/admin/roles/edit/${row.id}` : undefined}
      canDelete={can('roles-delete')}
      rowLabel={(row) => row.name}
      list={list}
      columns={[
        { header: 'Role Name', cell: (row) => row.name },
        { header: 'Permissions Count', cell: (row) => row.permissions.length },
        { header: 'Created At', cell: (row) => formatDate(row.created_at) },
      ]}
    />
  )
}
