import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { requirePermission } from '~/auth/session.server'
import { AparaturFields } from '~/components/admin/fields'
import { ResourceForm, useFieldErrors } from '~/components/admin/form'
import { titled } from '~/components/admin/meta'
import { submitForm } from '~/doors/admin.server'
import { createAparatur } from '~/models/aparatur.server'

export const meta = titled('Create Aparatur')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'aparaturs-create')
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, 'aparaturs-create')
  return submitForm(request, createAparatur, { to: '/admin/aparaturs', message: 'Aparatur created successfully!' }, { resource: 'aparaturs' })
}

export default function CreateAparatur() {
  return (
    <ResourceForm title="Create Aparatur" mode="create" multipart>
      <AparaturFields errors={useFieldErrors()} />
    </ResourceForm>
  )
}
