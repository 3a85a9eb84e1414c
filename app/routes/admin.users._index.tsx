import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { titled } from '~/components/admin/meta'
import { ListErrorBoundary, ListScreen } from '~/components/admin/resource-list'
import { useCan } from '~/components/admin/session'
import { deleteFromList, loadList } from '~/doors/admin.server'
import { deleteUser, getUser, listUsers } from '~/models/user.server'

export const meta = titled('Manage Users')

type Row = Awaited<ReturnType<typeof getUser>>

export const loader = ({ request }: LoaderFunctionArgs) => loadList<Row>(request, 'users-index', listUsers)

export const action = ({ request }: ActionFunctionArgs) =>
  deleteFromList(request, { permission: 'users-delete', thing: 'User', remove: (id, user) => deleteUser(id, user.id) })

export const ErrorBoundary = ListErrorBoundary

export default function Users() {
  const list = useLoaderData<typeof loader>()
  const can = useCan()
  return (
    <ListScreen
      title="Manage Users"
      thing="user"
      emptyTitle="No User Found"
      addLabel="Add New User"
      createHref={can('users-create') ? '/admin/users/create' : undefined}
      editHref={can('users-edit') ? (row) => `/admin/users/edit/${row.id}` : undefined}
      canDelete={can('users-delete')}
      rowLabel={(row) => row.username}
      list={list}
      columns={[
        { header: 'Name', cell: (row) => row.name },
        { header: 'Email', cell: (row) => row.email },
        {
          header: 'Role',
          cell: (row) => (
            <span className="flex flex-wrap gap-1">
              {row.roles.map((role) => (
                <span key={role.id} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
                  {role.name}
                </span>
              ))}
            </span>
          ),
        },
      ]}
    />
  )
}
