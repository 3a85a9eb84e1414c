import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePermission } from '~/auth/session.server'
import { RoleFields } from '~/components/admin/fields'
import { ResourceForm, useFieldErrors } from '~/components/admin/form'
import { titled } from '~/components/admin/meta'
import { RecordErrorBoundary } from '~/components/admin/resource-list'
import { loadRecord, routeId, submitForm } from '~/doors/admin.server'
import { allPermissions } from '~/models/permission.server'
import { getRole, updateRole } from '~/models/role.server'

export const meta = titled('Edit Role')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'roles-edit')
  const [role, permissions] = await Promise.all([loadRecord(() => getRole(routeId(params.id))), allPermissions()])
  return { role, permissions }
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, 'roles-edit')
  const id = routeId(params.id)
  return submitForm(request, (input) => updateRole(id, input), { to: '/admin/roles', message: 'Role updated successfully!', duration: null }, { resource: 'roles', id })
}

export const ErrorBoundary = RecordErrorBoundary

export default function EditRole() {
  const { role, permissions } = useLoaderData<typeof loader>()
  return (
    <ResourceForm title="Edit Role" mode="edit">
      <RoleFields errors={useFieldErrors()} permissions={permissions} role={role} />
    </ResourceForm>
  )
}
