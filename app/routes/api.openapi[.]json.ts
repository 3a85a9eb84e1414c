import { methodNotAllowed, openApiLoader } from '~/doors/site/api-docs.server'
import { declare, get, raw, PUBLIC } from '~/openapi/declare.server'
import type { RouteModules } from '~/openapi/api-document.server'

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document of the REST API, made from the API route modules (the glob leaves
 * out the module that asks: this one is added by hand). Inside the loader, which the browser's bundle drops.
 */
export const loader = declare(
  openApiLoader((): RouteModules => ({
    ...import.meta.glob(['./api.*.ts', './api.*.tsx'], { eager: true }),
    './api.openapi[.]json.ts': { loader },
  })),
  { ...get('This document', PUBLIC), ...raw('application/json', 'This OpenAPI 3.1 document') },
)
export const action = methodNotAllowed
