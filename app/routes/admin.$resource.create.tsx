import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { formMeta, ResourceFormScreen } from '~/components/site/resource-form'
import { formAction, formLoader } from '~/doors/site/admin.server'
import { regencyResources } from '~/lib/regency-routes'

export const handle = { regency: regencyResources }

/** /admin/{resource}/create: the create form of any editable resource (app/resources). */
export const meta = formMeta('create')

export const loader = (args: LoaderFunctionArgs) => formLoader(args, 'create')

export const action = (args: ActionFunctionArgs) => formAction(args, 'create')

export default function CreateResource() {
  return <ResourceFormScreen mode="create" />
}
