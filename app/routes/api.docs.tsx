import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ApiReference } from '~/components/site/api-reference-view'
import { apiDocsLoader } from '~/doors/site/api-docs.server'
import { declare, get, raw, PUBLIC } from '~/openapi/declare.server'
import type { RouteModules } from '~/openapi/api-document.server'

/** GET /api/docs: the readable reference of /api/openapi.json, rendered here (no script or style from elsewhere). */
// The API route modules, as /api/openapi.json reads them (inside the loader: never in the browser's bundle).
export const loader = declare(
  apiDocsLoader((): RouteModules => ({
    ...import.meta.glob(['./api.*.ts', './api.*.tsx'], { eager: true }),
    './api.docs.tsx': { loader },
  })),
  { ...get('A readable reference of this document (HTML)', PUBLIC), ...raw('text/html', 'HTML') },
)

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? 'REST API' },
  { name: 'description', content: 'Reference of the Balai Desa REST API (OpenAPI 3.1).' },
]

export default function ApiDocs() {
  return <ApiReference reference={useLoaderData<typeof loader>()} />
}
