import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { requirePermission } from '~/auth/session.server'
import { PageFields } from '~/components/admin/fields'
import { ResourceForm, useFieldErrors } from '~/components/admin/form'
import { titled } from '~/components/admin/meta'
import { submitForm } from '~/doors/admin.server'
import { createPage } from '~/models/page.server'

export const meta = titled('Create Page')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'pages-create')
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, 'pages-create')
  return submitForm(request, (input) => createPage(input, user), { to: '/admin/pages', message: 'Page created successfully!' }, { resource: 'pages' })
}

export default function CreatePage() {
  return (
    <ResourceForm title="Create Page" mode="create">
      <PageFields errors={useFieldErrors()} />
    </ResourceForm>
  )
}
