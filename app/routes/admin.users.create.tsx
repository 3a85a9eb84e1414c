import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePermission } from '~/auth/session.server'
import { UserFields } from '~/components/admin/fields'
import { ResourceForm, useFieldErrors } from '~/components/admin/form'
import { titled } from '~/components/admin/meta'
import { submitForm } from '~/doors/admin.server'
import { allRoles } from '~/models/role.server'
import { createUser } from '~/models/user.server'

export const meta = titled('Create User')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'users-create')
  return { roles: await allRoles() }
}

export async function action({ request }: ActionFunctionArgs) {
  await requirePermission(request, 'users-create')
  return submitForm(request, createUser, { to: '/admin/users', message: 'User created successfully!' }, { resource: 'users' })
}

export default function CreateUser() {
  const { roles } = useLoaderData<typeof loader>()
  return (
    <ResourceForm title="Create User" mode="create">
      <UserFields errors={useFieldErrors()} roles={roles} />
    </ResourceForm>
  )
}
