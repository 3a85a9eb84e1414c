/**
 * What the reference page `/api/docs` shows of the OpenAPI document (app/openapi/api-document.server.ts): the calls
 * by tag, each with its parameters, body fields and answers, and the schemas they name. Plain data, derived
 * on the server, so the page needs no renderer from elsewhere.
 */

type JsonSchema = {
  $ref?: string
  type?: string | string[]
  format?: string
  enum?: unknown[]
  items?: JsonSchema
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  description?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  minItems?: number
  maxItems?: number
  anyOf?: JsonSchema[]
}

type Operation = {
  tags?: string[]
  summary?: string
  description?: string
  security?: Record<string, string[]>[]
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema }[]
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>
}

export type OpenApiDocument = {
  info: { title: string; version: string; description?: string }
  tags?: { name: string }[]
  paths: Record<string, Record<string, Operation>>
  components?: { schemas?: Record<string, JsonSchema> }
}

export type FieldRow = { name: string; type: string; required: boolean; notes: string }
export type ReferenceCall = {
  id: string
  method: string
  path: string
  summary: string
  description: string
  auth: boolean
  parameters: FieldRow[]
  bodies: { type: string; fields: FieldRow[] }[]
  answers: { status: string; description: string; data: string }[]
}
export type Reference = {
  title: string
  version: string
  description: string
  tags: { name: string; calls: ReferenceCall[] }[]
  schemas: { name: string; description: string; fields: FieldRow[] }[]
}

const refName = (ref: string) => ref.split('/').pop() ?? ref

/** A schema in a few words: `Post`, `array of Slider`, `string (date-time) or null`, `"draft" | "published"`. */
export function typeText(schema: JsonSchema | undefined): string {
  if (!schema) return 'any'
  if (schema.$ref) return refName(schema.$ref)
  if (schema.anyOf) return schema.anyOf.map(typeText).join(' or ')
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ')
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []
  if (!types.length) return 'any'
  return types
    .map((type) => {
      if (type === 'array') return `array of ${typeText(schema.items)}`
      if (type === 'string' && schema.format === 'binary') return 'file'
      if (type === 'string' && schema.format) return `string (${schema.format})`
      if (type === 'object' && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        return `object of ${typeText(schema.additionalProperties)}`
      }
      return type
    })
    .join(' or ')
}

function constraints(schema: JsonSchema): string[] {
  const notes: string[] = []
  if (schema.minLength !== undefined && schema.maxLength !== undefined)
    notes.push(`${schema.minLength} to ${schema.maxLength} characters`)
  else if (schema.maxLength !== undefined) notes.push(`at most ${schema.maxLength} characters`)
  else if (schema.minLength !== undefined) notes.push(`at least ${schema.minLength} characters`)
  if (schema.minimum !== undefined) notes.push(`at least ${schema.minimum}`)
  if (schema.exclusiveMinimum !== undefined) notes.push(`more than ${schema.exclusiveMinimum}`)
  if (schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER) notes.push(`at most ${schema.maximum}`)
  if (schema.minItems !== undefined && schema.minItems === schema.maxItems)
    notes.push(`exactly ${schema.minItems} items`)
  return notes
}

function fieldRows(schema: JsonSchema | undefined): FieldRow[] {
  if (!schema?.properties) return []
  return Object.entries(schema.properties).map(([name, field]) => ({
    name,
    type: typeText(field),
    required: schema.required?.includes(name) ?? false,
    notes: [field.description, ...constraints(field)].filter(Boolean).join('; '),
  }))
}

/** The `data` of an answer's envelope, or the answer's own type when it is not one. */
function answerData(schema: JsonSchema | undefined): string {
  if (!schema) return ''
  if (schema.$ref) return refName(schema.$ref)
  if (schema.properties?.success && schema.properties.data) return `data: ${typeText(schema.properties.data)}`
  return typeText(schema)
}

export function referenceOf(document: OpenApiDocument): Reference {
  const tags = new Map<string, ReferenceCall[]>((document.tags ?? []).map((tag) => [tag.name, []]))
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const tag = operation.tags?.[0] ?? 'Other'
      if (!tags.has(tag)) tags.set(tag, [])
      tags.get(tag)!.push({
        id: `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, '-').replace(/-$/, ''),
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? '',
        description: operation.description ?? '',
        auth: (operation.security ?? []).length > 0,
        parameters: (operation.parameters ?? []).map((parameter) => ({
          name: `${parameter.name} (${parameter.in})`,
          type: typeText(parameter.schema),
          required: parameter.required ?? false,
          notes: [
            parameter.description ?? parameter.schema?.description,
            ...(parameter.schema ? constraints(parameter.schema) : []),
          ]
            .filter(Boolean)
            .join('; '),
        })),
        bodies: Object.entries(operation.requestBody?.content ?? {}).map(([type, { schema }]) => ({
          type,
          fields: fieldRows(schema),
        })),
        answers: Object.entries(operation.responses).map(([status, answer]) => ({
          status,
          description: answer.description,
          data: answerData(Object.values(answer.content ?? {})[0]?.schema),
        })),
      })
    }
  }
  return {
    title: document.info.title,
    version: document.info.version,
    description: document.info.description ?? '',
    tags: [...tags].filter(([, calls]) => calls.length).map(([name, calls]) => ({ name, calls })),
    schemas: Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => ({
      name,
      description: [schema.description, schema.properties ? '' : typeText(schema)].filter(Boolean).join(' '),
      fields: fieldRows(schema),
    })),
  }
}
