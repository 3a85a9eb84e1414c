import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePermission } from '~/auth/session.server'
import { errorFor, ResourceForm, TextField, useFieldErrors } from '~/components/admin/form'
import { titled } from '~/components/admin/meta'
import { RecordErrorBoundary } from '~/components/admin/resource-list'
import { loadRecord, routeId, submitForm } from '~/doors/admin.server'
import { getPermission, updatePermission } from '~/models/permission.server'

export const meta = titled('Edit Permission')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'permissions-edit')
  return loadRecord(() => getPermission(routeId(params.id)))
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, 'permissions-edit')
  const id = routeId(params.id)
  return submitForm(request, (input) => updatePermission(id, input), { to: '/admin/permissions', message: 'Permission updated successfully!' }, { resource: 'permissions', id })
}

export const ErrorBoundary = RecordErrorBoundary

export default function EditPermission() {
  const permission = useLoaderData<typeof loader>()
  const errors = useFieldErrors()
  return (
    <ResourceForm title="Edit Permission" mode="edit">
      <TextField label="Permission Name" name="name" defaultValue={permission.name} error={errorFor(errors, 'Name')} />
    </ResourceForm>
  )
}
