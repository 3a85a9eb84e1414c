import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { titled } from '~/components/site/meta'
import { ResourceFormScreen } from '~/components/site/resource-form'
import { formAction, formLoader } from '~/doors/site/admin.server'
import { screenResource } from '~/resources'
import { formTitle } from '~/resources/resource'
import { regencyResources } from '~/lib/regency-routes'

export const handle = { regency: regencyResources }

/** /admin/{resource}/create: the create form of any editable resource (app/resources). */
export const meta = titled(({ params }) => {
  const resource = screenResource(params.resource, true)
  return resource && formTitle(resource, 'create')
})

export const loader = (args: LoaderFunctionArgs) => formLoader(args, 'create')

export const action = (args: ActionFunctionArgs) => formAction(args, 'create')

export default function CreateResource() {
  return <ResourceFormScreen mode="create" />
}
