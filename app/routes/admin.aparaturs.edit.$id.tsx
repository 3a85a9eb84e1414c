import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePermission } from '~/auth/session.server'
import { AparaturFields } from '~/components/admin/fields'
import { ResourceForm, useFieldErrors } from '~/components/admin/form'
import { titled } from '~/components/admin/meta'
import { RecordErrorBoundary } from '~/components/admin/resource-list'
import { loadRecord, routeId, submitForm } from '~/doors/admin.server'
import { getAparatur, updateAparatur } from '~/models/aparatur.server'

export const meta = titled('Edit Aparatur')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'aparaturs-edit')
  return loadRecord(() => getAparatur(routeId(params.id)))
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requirePermission(request, 'aparaturs-edit')
  const id = routeId(params.id)
  return submitForm(request, (input) => updateAparatur(id, input), { to: '/admin/aparaturs', message: 'Aparatur updated successfully!' }, { resource: 'aparaturs', id })
}

export const ErrorBoundary = RecordErrorBoundary

export default function EditAparatur() {
  const aparatur = useLoaderData<typeof loader>()
  return (
    <ResourceForm title="Edit Aparatur" mode="edit" multipart>
      <AparaturFields errors={useFieldErrors()} aparatur={aparatur} />
    </ResourceForm>
  )
}
