import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { requirePermission } from '~/auth/session.server'
import { errorFor, ResourceForm, TextField, useFieldErrors } from '~/components/admin/form'
import { titled } from '~/components/admin/meta'
import { submitForm } from '~/doors/admin.server'
import { createPermission } from '~/models/permission.server'

export const meta = titled('Create Permission')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'permissions-create')
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, 'permissions-create')
  return submitForm(request, createPermission, { to: '/admin/permissions', message: 'Permission created successfully!' }, { resource: 'permissions' })
}

export default function CreatePermission() {
  const errors = useFieldErrors()
  return (
    <ResourceForm title="Create Permission" mode="create">
      <TextField label="Permission Name" name="name" error={errorFor(errors, 'Name')} placeholder="e.g. posts-create" />
    </ResourceForm>
  )
}
