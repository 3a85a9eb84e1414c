import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ApiReference } from '~/components/shared/api-reference-view'
import { openApiDocument } from '~/openapi/api-document.server'
import { referenceOf, type OpenApiDocument } from '~/lib/api-reference'

/** GET /api/docs: the readable reference of /api/openapi.json, rendered here (no script or style from elsewhere). */
export const loader = () => referenceOf(openApiDocument() as unknown as OpenApiDocument)

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? 'REST API' },
  { name: 'description', content: 'Reference of the Balai Desa REST API (OpenAPI 3.1).' },
]

export default function ApiDocs() {
  return <ApiReference reference={useLoaderData<typeof loader>()} />
}
