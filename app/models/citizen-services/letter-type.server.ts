import { responseId, timestamps, z } from '~/utils/response-shape.server'
import { prisma, serializeWrite } from '~/utils/db.server'
import { conflict, notFound, validationError, type FieldErrors } from '~/utils/http.server'
import { sanitizeRichText } from '~/utils/sanitize.server'
import { checkInput, optionalText, requiredText } from '~/utils/validation.server'
import { slugify } from '~/lib/slug'
import {
  BUILT_IN_PLACEHOLDERS,
  LETTER_FIELD_KINDS,
  NUMBER_FORMAT_TOKENS,
  placeholdersOf,
  type LetterField,
} from '~/lib/letters'
import type { ListQuery } from '~/lib/paging'
import { listPage, rethrowUnique } from '~/models/site/crud.server'

/**
 * Letter types (docs/api.md "Letters"): what staff define, one per kind of letter the village issues. The type's
 * `fields` and `body` are kept as text (JSON, sanitised rich text); the answers give `fields` as a list.
 */

export const letterFieldResponse = z
  .object({
    key: z.string(),
    label: z.string(),
    kind: z.enum(LETTER_FIELD_KINDS),
    options: z.array(z.string()).optional(),
    required: z.boolean(),
  })
  .openapi('LetterField')

export const letterTypeResponse = z
  .object({
    id: responseId(),
    name: z.string(),
    slug: z.string(),
    code: z.string().openapi({ example: '470' }),
    description: z.string(),
    requirements: z.string().openapi({ description: 'Plain text, one requirement a line' }),
    fields: z.array(letterFieldResponse),
    body: z.string().openapi({ description: 'Rich text with {{placeholders}}' }),
    number_format: z.string().nullable(),
    signer_id: z.number().int().nullable(),
    sla_days: z.number().int(),
    active: z.boolean(),
    ...timestamps,
  })
  .openapi('LetterType')

export const publicLetterTypeResponse = letterTypeResponse
  .pick({ name: true, slug: true, code: true, description: true, requirements: true, fields: true, sla_days: true })
  .strict()
  .openapi('PublicLetterType')

/** What a villager reads of a type, and staff with the rest. */
const typeAbout = {
  name: true,
  slug: true,
  code: true,
  description: true,
  requirements: true,
  fields: true,
} as const

const typeSelect = {
  id: true,
  ...typeAbout,
  body: true,
  number_format: true,
  signer_id: true,
  sla_days: true,
  active: true,
  created_at: true,
  updated_at: true,
} as const

type TypeRow = { fields: string } & Record<string, unknown>

/** The stored fields' list (a damaged value reads as none). */
export function fieldsOf(text: string): LetterField[] {
  try {
    const value = JSON.parse(text) as unknown
    return Array.isArray(value) ? (value as LetterField[]) : []
  } catch {
    return []
  }
}

const shown = <R extends TypeRow>(row: R) => ({ ...row, fields: fieldsOf(row.fields) })
export type LetterType = ReturnType<typeof shown<z.infer<typeof letterTypeResponse> & { fields: string }>>

// ---------------------------------------------------------------------------------------------------------------
// The input

const FIELD_KEY = /^[a-z0-9_]+$/

/** The `fields` of an input, each checked (key `Fields`): null and the message when one is wrong. */
function checkFields(value: unknown): { fields: LetterField[]; error: string | null } {
  if (value === undefined || value === null || value === '') return { fields: [], error: null }
  let list = value
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list)
    } catch {
      return { fields: [], error: 'Fields must be a list of fields' }
    }
  }
  if (!Array.isArray(list)) return { fields: [], error: 'Fields must be a list of fields' }
  if (list.length > 30) return { fields: [], error: 'Fields may hold at most 30 fields' }
  const fields: LetterField[] = []
  const keys = new Set<string>()
  for (const [index, raw] of list.entries()) {
    const n = index + 1
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { fields, error: `Field ${n} must be an object` }
    const item = raw as Record<string, unknown>
    const key = typeof item.key === 'string' ? item.key.trim() : ''
    const label = typeof item.label === 'string' ? item.label.trim() : ''
    const kind = typeof item.kind === 'string' ? item.kind.trim() : 'text'
    if (!FIELD_KEY.test(key) || key.length > 40)
      return { fields, error: `Field ${n}: key must be 1 to 40 of a-z, 0-9 and _` }
    if ((BUILT_IN_PLACEHOLDERS as readonly string[]).includes(key))
      return { fields, error: `Field ${n}: key ${key} is a built-in placeholder` }
    if (keys.has(key)) return { fields, error: `Field ${n}: key ${key} is used twice` }
    keys.add(key)
    if (!label || label.length > 100) return { fields, error: `Field ${n}: label is required (at most 100 characters)` }
    if (!(LETTER_FIELD_KINDS as readonly string[]).includes(kind))
      return { fields, error: `Field ${n}: kind must be one of ${LETTER_FIELD_KINDS.join(', ')}` }
    const field: LetterField = {
      key,
      label,
      kind: kind as LetterField['kind'],
      required: item.required === true || item.required === 'true' || item.required === '1',
    }
    if (kind === 'select') {
      const options = Array.isArray(item.options)
        ? item.options.filter((option): option is string => typeof option === 'string').map((o) => o.trim())
        : []
      if (!options.length || options.some((option) => !option || option.length > 100))
        return { fields, error: `Field ${n}: a select needs its options (each 1 to 100 characters)` }
      field.options = [...new Set(options)]
    }
    fields.push(field)
  }
  return { fields, error: null }
}

const integer = (label: string, min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ invalid_type_error: `${label} must be a number`, required_error: `${label} is required` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} may not be more than ${max}`),
  )

const flag = (label: string) =>
  z.preprocess(
    (value) =>
      value === '1' || value === 'true' || value === 'on' ? true : value === '0' || value === 'false' ? false : value,
    z.boolean({ invalid_type_error: `${label} must be true or false` }),
  )

export const letterTypeSchema = z.object({
  name: requiredText('Name', 150),
  slug: optionalText('Slug', 150),
  code: requiredText('Code', 30),
  description: optionalText('Description', 2000),
  requirements: optionalText('Requirements', 5000),
  fields: z
    .unknown()
    .optional()
    .openapi({ type: 'array', items: { $ref: '#/components/schemas/LetterField' } }),
  body: z.preprocess(
    (value) => (typeof value === 'string' ? sanitizeRichText(value) : value),
    z
      .string({ invalid_type_error: 'Body must be text', required_error: 'Body is required' })
      .max(200_000, 'Body is too long')
      .refine((html) => html.replace(/<[^>]*>|&nbsp;|\s/g, '') !== '', 'Body is required'),
  ),
  number_format: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || null : (value ?? null)),
    z.string({ invalid_type_error: 'Number format must be text' }).max(100, 'Number format is too long').nullable(),
  ),
  signer_id: z.preprocess(
    (value) => (value === '' || value === undefined ? null : typeof value === 'string' ? Number(value) : value),
    z.number({ invalid_type_error: 'Signer must be an aparatur' }).int('Signer must be an aparatur').nullable(),
  ),
  sla_days: integer('Sla days', 1, 60).default(3),
  active: flag('Active').default(true),
})

type TypeInput = z.infer<typeof letterTypeSchema> & { fields: LetterField[] }

/** Every rule of a type's input, every problem at once (422): the placeholder check is on `Body`. */
async function checkType(input: Record<string, unknown>): Promise<TypeInput> {
  const { data, errors } = checkInput(letterTypeSchema, input)
  const { fields, error } = checkFields(input.fields)
  if (error) errors.Fields = error
  const parsed = data as z.infer<typeof letterTypeSchema> | undefined
  const body = typeof input.body === 'string' ? input.body : ''
  if (!errors.Body && !errors.Fields) {
    const known = new Set<string>([...BUILT_IN_PLACEHOLDERS, ...fields.map((field) => field.key)])
    const unknown = [...new Set(placeholdersOf(body))].filter((name) => !known.has(name))
    if (unknown.length)
      errors.Body = `Body names placeholders that are no field: ${unknown.map((name) => `{{${name}}}`).join(', ')}`
  }
  const format = typeof input.number_format === 'string' ? input.number_format.trim() : ''
  if (format && !errors.Number_format) {
    const tokens = format.match(/\{[^{}]*\}/g) ?? []
    if (!format.includes('{nomor}')) errors.Number_format = 'Number format must hold {nomor}'
    else if (tokens.some((token) => !(NUMBER_FORMAT_TOKENS as readonly string[]).includes(token)))
      errors.Number_format = `Number format may use only ${NUMBER_FORMAT_TOKENS.join(', ')}`
  }
  if (parsed?.signer_id != null && !errors.Signer_id) {
    const signer = await prisma.aparatur.findUnique({ where: { id: parsed.signer_id }, select: { id: true } })
    if (!signer) errors.Signer_id = 'Signer must be an aparatur'
  }
  if (parsed && !errors.Slug && parsed.slug && slugify(parsed.slug) !== parsed.slug)
    errors.Slug = 'Slug may hold only a-z, 0-9 and single dashes'
  if (Object.keys(errors).length || !parsed) throw validationError(errors as FieldErrors)
  return { ...parsed, fields }
}

const rowOf = (input: TypeInput) => ({
  name: input.name,
  code: input.code,
  description: input.description,
  requirements: input.requirements,
  fields: JSON.stringify(input.fields),
  body: input.body,
  number_format: input.number_format,
  signer_id: input.signer_id,
  sla_days: input.sla_days,
  active: input.active,
})

async function slugFor(input: TypeInput, exceptId?: number): Promise<string> {
  if (input.slug) {
    const taken = await prisma.letterType.findFirst({
      where: { slug: input.slug, ...(exceptId ? { NOT: { id: exceptId } } : {}) },
      select: { id: true },
    })
    if (taken) throw validationError({ Slug: 'Slug already exists' })
    return input.slug
  }
  const base = slugify(input.name) || 'surat'
  const rows = await prisma.letterType.findMany({
    where: {
      OR: [{ slug: base }, { slug: { startsWith: `${base}-` } }],
      ...(exceptId ? { NOT: { id: exceptId } } : {}),
    },
    select: { slug: true },
  })
  const taken = new Set(rows.map((row) => row.slug))
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
}

// ---------------------------------------------------------------------------------------------------------------
// Staff

export const listLetterTypes = (query: ListQuery, path: string) =>
  listPage(prisma.letterType, {
    table: 'letter_types',
    select: typeSelect,
    searchColumns: ['name', 'code'],
    query,
    path,
    map: shown,
  })

/** Every type, by name: the admin's filters and forms. */
export const allLetterTypes = async () =>
  (await prisma.letterType.findMany({ select: typeSelect, orderBy: { name: 'asc' } })).map(shown)

export async function getLetterType(id: number) {
  const row = await prisma.letterType.findUnique({ where: { id }, select: typeSelect })
  if (!row) throw notFound('Letter type')
  return shown(row)
}

export async function createLetterType(input: Record<string, unknown>) {
  const checked = await checkType(input)
  return serializeWrite(async () => {
    const slug = await slugFor(checked)
    const row = await prisma.letterType
      .create({ data: { ...rowOf(checked), slug }, select: typeSelect })
      .catch((error) => rethrowUnique(error, { slug: 'Slug' }))
    return shown(row)
  })
}

export async function updateLetterType(id: number, input: Record<string, unknown>) {
  if (!(await prisma.letterType.findUnique({ where: { id }, select: { id: true } }))) throw notFound('Letter type')
  const checked = await checkType(input)
  return serializeWrite(async () => {
    const existing = await prisma.letterType.findUnique({ where: { id }, select: { slug: true } })
    if (!existing) throw notFound('Letter type')
    // A type keeps its slug (the public form's address) unless a new one is given.
    const slug = checked.slug ? await slugFor(checked, id) : existing.slug
    const row = await prisma.letterType
      .update({ where: { id }, data: { ...rowOf(checked), slug }, select: typeSelect })
      .catch((error) => rethrowUnique(error, { slug: 'Slug' }))
    return shown(row)
  })
}

/** Deletes a type no request and no letter uses; else 409 (docs/api.md). */
export function deleteLetterType(id: number) {
  return serializeWrite(async () => {
    const existing = await prisma.letterType.findUnique({ where: { id }, select: { id: true, name: true } })
    if (!existing) throw notFound('Letter type')
    const [requests, letters] = await Promise.all([
      prisma.letterRequest.count({ where: { letter_type_id: id } }),
      prisma.letter.count({ where: { letter_type_id: id } }),
    ])
    if (requests || letters) throw conflict('This letter type is used by requests or letters')
    await prisma.letterType.delete({ where: { id } })
    return existing
  })
}

// ---------------------------------------------------------------------------------------------------------------
// The public

const publicSelect = { ...typeAbout, sla_days: true } as const

/** `GET /api/public/letter-types`: the active ones, by name. */
export const publicLetterTypes = async () =>
  (await prisma.letterType.findMany({ where: { active: true }, select: publicSelect, orderBy: { name: 'asc' } })).map(
    shown,
  )

/** An active type by its slug (the public form), or null. */
export async function activeLetterType(slug: string) {
  const row = await prisma.letterType.findFirst({
    where: { slug: slug.replaceAll('\0', '').slice(0, 150), active: true },
    select: typeSelect,
  })
  return row ? shown(row) : null
}

/** A type by its slug whether active or not (a walk-in letter staff issue), or null. */
export async function letterTypeBySlug(slug: string) {
  const row = await prisma.letterType.findUnique({
    where: { slug: slug.replaceAll('\0', '').slice(0, 150) },
    select: typeSelect,
  })
  return row ? shown(row) : null
}
