/**
 * Writes docs/openapi.json, the OpenAPI document of the REST API, from the API routes' declarations (app/routes/api.*,
 * assembled by app/openapi/api-document.server.ts; run it with
 * `npm run openapi` after changing a call or a schema; tests/unit/openapi.test.ts fails while the file is stale).
 */
import fs from 'node:fs'
import path from 'node:path'
import { openApiDocumentText } from '../app/openapi/api-document.server'

const file = path.resolve(
  import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname),
  '../docs/openapi.json',
)
// The API route modules, as the route /api/openapi.json reads them: their loaders and actions declare the operations.
fs.writeFileSync(
  file,
  openApiDocumentText(import.meta.glob(['../app/routes/api.*.ts', '../app/routes/api.*.tsx'], { eager: true })),
)
console.log(`wrote ${path.relative(process.cwd(), file)}`)
