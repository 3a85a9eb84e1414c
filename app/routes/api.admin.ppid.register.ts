import { registerApi, methodNotAllowed } from '~/doors/village-info/ppid-pages.server'
import { declare, get, ok } from '~/openapi/declare.server'
import { z } from '~/openapi/operations.server'
import { registerRowResponse } from '~/openapi/ppid-operations.server'

const registerQuery = z.object({
  year: z.string().optional().openapi({ description: "The tickets' year (default: this year); key `Year`" }),
  type: z.enum(['permohonan', 'keberatan']).optional().openapi({ description: 'Default `permohonan`; key `Type`' }),
})

/** GET /api/admin/ppid/register?year&type (reports-index): the register of requests or objections. */
export const loader = declare(registerApi, {
  ...get('The register of information requests or objections of a year', 'reports-index'),
  query: registerQuery,
  ...ok(z.array(registerRowResponse), 'Register', 422),
})

export const action = methodNotAllowed
