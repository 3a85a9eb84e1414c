import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePermission } from '~/auth/session.server'
import { RoleFields } from '~/components/admin/fields'
import { ResourceForm, useFieldErrors } from '~/components/admin/form'
import { titled } from '~/components/admin/meta'
import { submitForm } from '~/doors/admin.server'
import { allPermissions } from '~/models/permission.server'
import { createRole } from '~/models/role.server'

export const meta = titled('Create Role')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'roles-create')
  return { permissions: await allPermissions() }
}

export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, 'roles-create')
  return submitForm(request, createRole, { to: '/admin/roles', message: 'Role created successfully!' }, { resource: 'roles' })
}

export default function CreateRole() {
  const { permissions } = useLoaderData<typeof loader>()
  return (
    <ResourceForm title="Create Role" mode="create">
      <RoleFields errors={useFieldErrors()} permissions={permissions} />
    </ResourceForm>
  )
}
