import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { requirePermission } from '~/auth/session.server'
import { errorFor, ResourceForm, TextField, useFieldErrors } from '~/components/admin/form'
import { titled } from '~/components/admin/meta'
import { submitForm } from '~/doors/admin.server'
import { createCategory } from '~/models/category.server'

export const meta = titled('Create Category')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'categories-create')
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, 'categories-create')
  return submitForm(request, createCategory, { to: '/admin/categories', message: 'Category created successfully!' }, { resource: 'categories' })
}

export default function CreateCategory() {
  const errors = useFieldErrors()
  return (
    <ResourceForm title="Create Category" mode="create">
      <TextField label="Category Name" name="name" error={errorFor(errors, 'Name')} />
    </ResourceForm>
  )
}
