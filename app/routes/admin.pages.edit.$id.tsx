import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePermission } from '~/auth/session.server'
import { PageFields } from '~/components/admin/fields'
import { ResourceForm, useFieldErrors } from '~/components/admin/form'
import { titled } from '~/components/admin/meta'
import { RecordErrorBoundary } from '~/components/admin/resource-list'
import { loadRecord, routeId, submitForm } from '~/doors/admin.server'
import { getPage, updatePage } from '~/models/page.server'

export const meta = titled('Edit Page')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'pages-edit')
  return loadRecord(() => getPage(routeId(params.id)))
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, 'pages-edit')
  const id = routeId(params.id)
  return submitForm(request, (input) => updatePage(id, input, user), { to: '/admin/pages', message: 'Page updated successfully!' }, { resource: 'pages', id })
}

export const ErrorBoundary = RecordErrorBoundary

export default function EditPage() {
  const page = useLoaderData<typeof loader>()
  return (
    <ResourceForm title="Edit Page" mode="edit">
      <PageFields errors={useFieldErrors()} page={page} />
    </ResourceForm>
  )
}
