import fs from 'node:fs'
import path from 'node:path'
import SwaggerParser from '@apidevtools/swagger-parser'
import { describe, expect, it } from 'vitest'
import {
  declaredOperations,
  openApiDocument,
  openApiDocumentText,
  routeOperations,
  type RouteModules,
} from '~/openapi/api-document.server'
import { declare } from '~/openapi/operations.server'
import { referenceOf, type OpenApiDocument } from '~/lib/api-reference'
import { RESOURCES } from '~/resources'
import { z } from '~/utils/response-shape.server'

const ROOT = path.resolve(__dirname, '../..')
/** The API route modules, as the route /api/openapi.json reads them. */
const routes: RouteModules = import.meta.glob(['../../app/routes/api.*.ts', '../../app/routes/api.*.tsx'], {
  eager: true,
})
const document = openApiDocument(routes) as unknown as OpenApiDocument
const documented = Object.keys(document.paths)

/**
 * `app/routes/api.admin.$resource.$id.ts` -> `/api/admin/$resource/$id`: Remix's flat route names, with `[.]`
 * an escaped dot, `$` a dynamic segment and a trailing `_` a segment that does not nest in the route before it
 * (`api.$.ts`, the splat, is the JSON 404 of every other path).
 */
const routePattern = (file: string) =>
  '/' +
  file
    .replace(/\.tsx?$/, '')
    .split(/(?<!\[)\.(?!\])/)
    .map((segment) => segment.replace('[.]', '.').replace(/_$/, ''))
    .join('/')

/** Whether a documented path (`/api/admin/posts/{id}`) is one the route pattern (`/api/admin/$resource/$id`) serves. */
const serves = (pattern: string, documentedPath: string) => {
  const a = pattern.split('/')
  const b = documentedPath.split('/')
  return a.length === b.length && a.every((segment, index) => segment.startsWith('$') || segment === b[index])
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const parsed = await SwaggerParser.validate(structuredClone(document) as never)
    expect((parsed as { openapi: string }).openapi).toBe('3.1.0')
  })

  it('is committed as docs/openapi.json, up to date (npm run openapi writes it)', () => {
    const committed = fs.readFileSync(path.join(ROOT, 'docs/openapi.json'), 'utf8')
    expect(committed === openApiDocumentText(routes), 'docs/openapi.json is stale: run `npm run openapi`').toBe(true)
  })

  it('describes every route file under /api (the splat is the JSON 404)', () => {
    const routes = fs
      .readdirSync(path.join(ROOT, 'app/routes'))
      .filter((file) => /^api[.[]/.test(file) && file !== 'api.$.ts')
    expect(routes.length).toBeGreaterThan(5)
    const undocumented = routes.filter(
      (file) => !documented.some((documentedPath) => serves(routePattern(file), documentedPath)),
    )
    expect(undocumented).toEqual([])
  })

  it('is assembled from the routes: every API route declares the operations its loader and action answer', () => {
    const modules = Object.entries(routes).filter(([file]) => !file.endsWith('/api.$.ts'))
    expect(modules.length).toBe(
      fs.readdirSync(path.join(ROOT, 'app/routes')).filter((file) => /^api[.[]/.test(file) && file !== 'api.$.ts')
        .length,
    )
    const undeclared = modules.filter(([file, module]) => routeOperations(file, module).length === 0)
    expect(undeclared.map(([file]) => file)).toEqual([])
    for (const [file, module] of modules) {
      // A loader answers GET; an action every other method.
      for (const operation of declaredOperations(module.loader)) expect(operation.method, file).toBe('get')
      for (const operation of declaredOperations(module.action)) expect(operation.method, file).not.toBe('get')
    }
    // The splat (the JSON 404 of every other path) declares nothing.
    expect(routeOperations('api.$.ts', routes['../../app/routes/api.$.ts'])).toEqual([])
  })

  it("takes a route's path from its file, and refuses a declared path the route does not serve", () => {
    const operation = { method: 'get', tag: 'Public', summary: 'x', permissions: null, data: z.null() } as const
    const loader = declare(() => null, operation)
    expect(routeOperations('../routes/api.public.reports.$ticket.ts', { loader })[0].path).toBe(
      '/api/public/reports/{ticket}',
    )
    expect(() =>
      routeOperations('../routes/api.public.$resource.ts', {
        loader: declare(() => null, { ...operation, path: '/api/public/posts/{slug}' }),
      }),
    ).toThrow(/does not serve/)
    expect(routeOperations('../routes/api.public.$resource.ts', { loader: () => null })).toEqual([])
  })

  it('describes each declared resource under every generic route that serves it', () => {
    for (const resource of Object.values(RESOURCES)) {
      expect(document.paths[`/api/admin/${resource.name}`], resource.name).toHaveProperty('get')
      // Reports are filed by citizens (POST /api/public/reports), never created by staff.
      if (resource.name !== 'reports')
        expect(document.paths[`/api/admin/${resource.name}`], resource.name).toHaveProperty('post')
      expect(document.paths[`/api/admin/${resource.name}/{id}`], resource.name).toHaveProperty('delete')
    }
  })

  it('names a permission for every admin call, and a bearer token for every call that needs one', () => {
    for (const [documentedPath, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!documentedPath.startsWith('/api/admin/')) continue
        expect(operation.security, `${method} ${documentedPath}`).toEqual([{ bearer: [] }, { cookie: [] }])
        expect(operation.responses, `${method} ${documentedPath}`).toHaveProperty('401')
      }
    }
  })

  it('gives the reference page every call, grouped by tag', () => {
    const reference = referenceOf(document)
    const calls = reference.tags.flatMap((tag) => tag.calls)
    expect(calls.length).toBe(
      Object.values(document.paths).reduce((count, item) => count + Object.keys(item).length, 0),
    )
    const create = calls.find((call) => call.method === 'POST' && call.path === '/api/admin/roles')!
    expect(create.bodies[0].fields).toContainEqual(
      expect.objectContaining({ name: 'name', type: 'string', required: true, notes: '1 to 100 characters' }),
    )
    expect(create.bodies[0].fields).toContainEqual(expect.objectContaining({ name: 'permission_ids', required: false }))
  })
})
