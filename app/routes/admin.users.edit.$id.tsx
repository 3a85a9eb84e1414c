import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePermission } from '~/auth/session.server'
import { UserFields } from '~/components/admin/fields'
import { ResourceForm, useFieldErrors } from '~/components/admin/form'
import { titled } from '~/components/admin/meta'
import { ResetLinkPanel } from '~/components/admin/reset-link'
import { RecordErrorBoundary } from '~/components/admin/resource-list'
import { loadRecord, routeId, submitForm } from '~/doors/admin.server'
import { allRoles } from '~/models/role.server'
import { getUser, updateUser } from '~/models/user.server'

export const meta = titled('Edit User')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'users-edit')
  const [user, roles] = await Promise.all([loadRecord(() => getUser(routeId(params.id))), allRoles()])
  return { user, roles }
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, 'users-edit')
  const id = routeId(params.id)
  return submitForm(request, (input) => updateUser(id, input), { to: '/admin/users', message: 'User updated successfully!' }, { resource: 'users', id })
}

export const ErrorBoundary = RecordErrorBoundary

export default function EditUser() {
  const { user, roles } = useLoaderData<typeof loader>()
  return (
    <div className="space-y-6">
      <ResourceForm title="Edit User" mode="edit">
        <UserFields errors={useFieldErrors()} roles={roles} user={user} />
      </ResourceForm>
      <ResetLinkPanel userId={user.id} />
    </div>
  )
}
