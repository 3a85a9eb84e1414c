import { z } from 'zod'
import { errorKey } from '~/lib/error-keys'
import { validationError, type FieldErrors } from './http.server'

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

/** Optional text: missing or null becomes an empty string. */
export function optionalText(label: string, max = 255) {
  return z.preprocess(
    (value) => asText(value) ?? '',
    z.string({ invalid_type_error: `${label} must be text` }).max(max, `${label} may not be longer than ${max} characters`),
  )
}

/** Rich-text HTML; `required` ones must have more than markup. */
export function richText(label: string, { required }: { required: boolean }) {
  const text = z.string({ invalid_type_error: `${label} must be text` }).max(1_000_000, `${label} is too long`)
  return z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value ?? ''),
    required ? text.refine((html) => html.replace(/<[^>]*>|&nbsp;|\s/g, '') !== '' || /<img\s/i.test(html), `${label} is required`) : text,
  )
}

/** An array of ids, also accepted as a comma-separated string or repeated form fields. */
export function idList(label: string) {
  return z.preprocess(
    (value) => {
      if (value === undefined || value === null || value === '') return []
      if (typeof value === 'string') return value.split(',').map((part) => part.trim()).filter(Boolean).map(Number)
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

/** Parses `input` or throws the contract's 422 with the first message for each field. */
export function parseInput<S extends z.ZodTypeAny>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  throw validationError(fieldErrors(result.error))
}

export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of error.issues) {
    const key = errorKey(String(issue.path[0] ?? 'Error'))
    errors[key] ??= issue.message
  }
  return errors
}
