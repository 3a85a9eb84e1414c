import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePermission } from '~/auth/session.server'
import { errorFor, ResourceForm, TextField, useFieldErrors } from '~/components/admin/form'
import { titled } from '~/components/admin/meta'
import { RecordErrorBoundary } from '~/components/admin/resource-list'
import { loadRecord, routeId, submitForm } from '~/doors/admin.server'
import { getCategory, updateCategory } from '~/models/category.server'

export const meta = titled('Edit Category')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'categories-edit')
  return loadRecord(() => getCategory(routeId(params.id)))
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, 'categories-edit')
  const id = routeId(params.id)
  return submitForm(request, (input) => updateCategory(id, input), { to: '/admin/categories', message: 'Category updated successfully!' }, { resource: 'categories', id })
}

export const ErrorBoundary = RecordErrorBoundary

export default function EditCategory() {
  const category = useLoaderData<typeof loader>()
  const errors = useFieldErrors()
  return (
    <ResourceForm title="Edit Category" mode="edit">
      <TextField label="Category Name" name="name" defaultValue={category.name} error={errorFor(errors, 'Name')} />
    </ResourceForm>
  )
}
