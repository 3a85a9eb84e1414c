import { z } from 'zod'
import { errorKey } from '~/lib/error-keys'
import { isJsonBody, validationError, type FieldErrors } from './http.server'

/** Strings, and numbers sent where text is expected, become trimmed text; anything else stays as is (and fails). */
const asText = (value: unknown) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : value

/** A required single-line text field: "Title is required", "Title may not be longer than 255 characters". */
export function requiredText(label: string, max = 255) {
  return z.preprocess(
    (value) => asText(value) ?? '',
    z
      .string({ invalid_type_error: `${label} must be text` })
      .min(1, `${label} is required`)
      .max(max, `${label} may not be longer than ${max} characters`),
  )
}

/** One of `values` (trimmed): "Kind is required", "Kind must be one of a, b". */
export function requiredChoice<T extends string>(label: string, values: readonly [T, ...T[]]) {
  return z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z.enum(values, {
      errorMap: (issue) => ({
        message:
          issue.code === 'invalid_type' && issue.received === 'undefined'
            ? `${label} is required`
            : `${label} must be one of ${values.join(', ')}`,
      }),
    }),
  )
}

/** Optional text: missing or null becomes an empty string. */
export function optionalText(label: string, max = 255) {
  return z.preprocess(
    (value) => asText(value) ?? '',
    z
      .string({ invalid_type_error: `${label} must be text` })
      .max(max, `${label} may not be longer than ${max} characters`),
  )
}

/**
 * An image's alt text (docs/api.md "Alt text"): at most 250 characters. Missing keeps what the record has (an update
 * from a client that never sends it), or is empty on a create; empty means the site falls back to the title or name.
 */
export const imageAlt = () =>
  z.preprocess(
    (value) => (value === undefined || value === null ? undefined : asText(value)),
    z
      .string({ invalid_type_error: 'Image alt text must be text' })
      .max(250, 'Image alt text may not be longer than 250 characters')
      .optional(),
  )

/** Rich-text HTML; `required` ones must have more than markup. */
export function richText(label: string, { required }: { required: boolean }) {
  const text = z.string({ invalid_type_error: `${label} must be text` }).max(1_000_000, `${label} is too long`)
  return z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : (value ?? '')),
    required
      ? text.refine(
          (html) => html.replace(/<[^>]*>|&nbsp;|\s/g, '') !== '' || /<img\s/i.test(html),
          `${label} is required`,
        )
      : text,
  )
}

/** An array of ids, also accepted as a comma-separated string or repeated form fields. */
export function idList(label: string) {
  return z.preprocess(
    (value) => {
      if (value === undefined || value === null || value === '') return []
      if (typeof value === 'string')
        return value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
          .map(Number)
      if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? Number(item.trim()) : item))
      return value
    },
    z.array(
      z
        .number({ invalid_type_error: `${label} must be a list of ids` })
        .int(`${label} must be a list of ids`)
        .positive(`${label} must be a list of ids`)
        // beyond this the number is no longer an exact id (and the database driver refuses it)
        .max(Number.MAX_SAFE_INTEGER, `${label} must be a list of ids`),
      { invalid_type_error: `${label} must be a list of ids` },
    ),
  )
}

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | { array: JsonType } | { anyOf: JsonType[] } | 'any'

/** The JSON type a schema takes in: what the wrappers (preprocess, refine, pipe, optional) finally parse. */
export function jsonTypeOf(schema: z.ZodTypeAny): JsonType {
  const def = schema._def as { typeName?: string } & Record<string, any>
  switch (def.typeName) {
    case 'ZodEffects':
      return jsonTypeOf(def.schema)
    case 'ZodPipeline':
      return jsonTypeOf(def.in)
    case 'ZodOptional':
    case 'ZodNullable':
    case 'ZodDefault':
    case 'ZodReadonly':
    case 'ZodBranded':
      return jsonTypeOf(def.innerType ?? def.type)
    case 'ZodString':
    case 'ZodEnum':
    case 'ZodNativeEnum':
    case 'ZodDate':
      return 'string'
    case 'ZodNumber':
      return (def.checks as { kind: string }[]).some((check) => check.kind === 'int') ? 'integer' : 'number'
    case 'ZodBoolean':
      return 'boolean'
    case 'ZodLiteral':
      return typeof def.value === 'number' ? 'number' : typeof def.value === 'boolean' ? 'boolean' : 'string'
    case 'ZodArray':
      return { array: jsonTypeOf(def.type) }
    case 'ZodUnion':
      return { anyOf: (def.options as z.ZodTypeAny[]).map(jsonTypeOf) }
    default:
      return 'any'
  }
}

function hasJsonType(value: unknown, type: JsonType): boolean {
  if (type === 'any') return true
  if (type === 'string' || type === 'boolean') return typeof value === type
  if (type === 'number') return typeof value === 'number'
  if (type === 'integer') return typeof value === 'number' && Number.isInteger(value)
  if ('array' in type) return Array.isArray(value) && value.every((item) => hasJsonType(item, type.array))
  return type.anyOf.some((option) => hasJsonType(value, option))
}

const typeWords = (type: JsonType): string =>
  type === 'string'
    ? 'text'
    : type === 'number'
      ? 'a number'
      : type === 'integer'
        ? 'a whole number'
        : type === 'boolean'
          ? 'true or false'
          : type === 'any'
            ? 'a value'
            : 'array' in type
              ? type.array === 'integer'
                ? 'a list of ids'
                : `a list of ${typeWords(type.array)} values`
              : type.anyOf.map(typeWords).join(' or ')

/** The object schema inside refinements (`z.object(...).superRefine(...)`), or null. */
function objectShape(schema: z.ZodTypeAny): Record<string, z.ZodTypeAny> | null {
  const def = schema._def as { typeName?: string } & Record<string, any>
  if (def.typeName === 'ZodObject') return (schema as z.AnyZodObject).shape
  if (def.typeName === 'ZodEffects') return objectShape(def.schema)
  return null
}

/**
 * The fields of a JSON body that have the wrong JSON type (`{"name": 123}`, `"permission_ids": ["1"]`), each a
 * message under its key; `null` counts as absent, as it does for every field.
 */
function jsonTypeErrors(schema: z.ZodTypeAny, input: unknown): FieldErrors {
  const errors: FieldErrors = {}
  const shape = objectShape(schema)
  if (!shape || !input || typeof input !== 'object' || !isJsonBody(input)) return errors
  for (const [name, field] of Object.entries(shape)) {
    const value = (input as Record<string, unknown>)[name]
    if (value === undefined || value === null) continue
    const type = jsonTypeOf(field)
    if (!hasJsonType(value, type)) errors[errorKey(name)] = `${errorKey(name)} must be ${typeWords(type)}`
  }
  return errors
}

/**
 * Every problem of `input` at once, the first message for each field: a JSON body's fields of the wrong type
 * first, then the schema's rules.
 */
export function checkInput<S extends z.ZodTypeAny>(
  schema: S,
  input: unknown,
): { data?: z.infer<S>; errors: FieldErrors } {
  const typeErrors = jsonTypeErrors(schema, input)
  const result = schema.safeParse(input)
  const errors = { ...(result.success ? {} : fieldErrors(result.error)), ...typeErrors }
  return Object.keys(errors).length ? { errors } : { data: result.data, errors }
}

/** Parses `input` or throws the contract's 422 with the first message for each field. */
export function parseInput<S extends z.ZodTypeAny>(schema: S, input: unknown): z.infer<S> {
  const { data, errors } = checkInput(schema, input)
  if (Object.keys(errors).length) throw validationError(errors)
  return data as z.infer<S>
}

export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of error.issues) {
    const key = errorKey(String(issue.path[0] ?? 'Error'))
    errors[key] ??= issue.message
  }
  return errors
}
