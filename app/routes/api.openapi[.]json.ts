import { methodNotAllowed, openApiLoader } from '~/doors/api-docs.server'

/** GET /api/openapi.json: the OpenAPI 3.1 document of the REST API. */
export const loader = openApiLoader
export const action = methodNotAllowed
