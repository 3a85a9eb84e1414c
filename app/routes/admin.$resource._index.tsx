import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, useParams } from '@remix-run/react'
import { titled } from '~/components/site/meta'
import { ListErrorBoundary, ListScreen } from '~/components/site/resource-list'
import { listAction, listLoader } from '~/doors/site/admin.server'
import { screenResource } from '~/resources'
import { listTitle } from '~/resources/resource'
import { regencyResources } from '~/lib/regency-routes'

export const handle = { regency: regencyResources }

/** /admin/{resource}: the list of any declared resource (app/resources), with its upload form or delete. */
export const meta = titled(({ params }) => {
  const resource = screenResource(params.resource, false)
  return resource && listTitle(resource)
})

export const loader = (args: LoaderFunctionArgs) => listLoader(args)

export const action = (args: ActionFunctionArgs) => listAction(args)

export const ErrorBoundary = ListErrorBoundary

export default function ResourceList() {
  const resource = screenResource(useParams().resource, false)!
  return <ListScreen key={resource.name} resource={resource} list={useLoaderData<typeof loader>()} />
}
