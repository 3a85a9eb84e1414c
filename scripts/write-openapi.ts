/**
 * Writes docs/openapi.json, the OpenAPI document of the REST API, from app/openapi/api-document.server.ts (run it with
 * `npm run openapi` after changing a call or a schema; tests/unit/openapi.test.ts fails while the file is stale).
 */
import fs from 'node:fs'
import path from 'node:path'
import { openApiDocumentText } from '../app/openapi/api-document.server'

const file = path.resolve(
  import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname),
  '../docs/openapi.json',
)
fs.writeFileSync(file, openApiDocumentText())
console.log(`wrote ${path.relative(process.cwd(), file)}`)
