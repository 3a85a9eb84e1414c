import {
  extendZodWithOpenApi,
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type RouteConfig,
} from '@asteasolutions/zod-to-openapi'
import { z, type ZodTypeAny } from 'zod'
import { credentials } from '~/auth/login.server'
import { schema as aparaturInput } from '~/models/aparatur.server'
import { schema as budgetInput } from '~/models/budget.server'
import { photoSchema as developmentPhotoInput, schema as developmentInput } from '~/models/development.server'
import { schema as categoryInput } from '~/models/category.server'
import { schema as pageInput } from '~/models/page.server'
import { schema as permissionInput } from '~/models/permission.server'
import { schema as photoInput } from '~/models/photo.server'
import { schema as postInput } from '~/models/post.server'
import { schema as productInput } from '~/models/product.server'
import { schema as roleInput } from '~/models/role.server'
import { schema as sliderInput } from '~/models/slider.server'
import { schema as settingsInput } from '~/models/settings.server'
import {
  createSchema as userCreateInput,
  ownProfileSchema,
  passwordChangeSchema,
  updateSchema as userUpdateInput,
} from '~/models/user.server'
import { ACTIVITY_ACTIONS } from '~/lib/activity-actions'
import { BUDGET_TYPES, MAX_AMOUNT, MAX_BUDGET_LINES, TOTAL_NAMES } from '~/lib/budget-totals'
import { STAGES } from '~/lib/pembangunan'
import { ADMIN_PAGE_SIZE, MAX_LIMIT, PUBLIC_PAGE_SIZE } from '~/lib/paging'
import { RESOURCES, allAlsoFor } from '~/resources/index'
import { CONTENT_UPLOAD_PERMISSIONS, type ResourceName } from '~/resources/permissions'
import { bodyOf, isUploadOnly, permissionsOf, writeMessage, type ResourceDeclaration } from '~/resources/resource'

/**
 * The OpenAPI 3.1 document of every `/api/*` call of the contract (docs/api.md), served at
 * `/api/openapi.json`, shown at `/api/docs`, and committed as docs/openapi.json (`npm run openapi` writes it;
 * tests/unit/openapi.test.ts fails when it is stale or when a route under app/routes/api.* is not in it).
 * Request bodies come from the zod schemas that validate them (the models'); the answers, which the models
 * build from database selections, are described here by hand, and the API tests check every real answer
 * against them (tests/support/api.ts).
 */

extendZodWithOpenApi(z)

// ---------------------------------------------------------------------------------------------------------------
// Shared pieces: dates, the envelope, errors, paging

const dateTime = () => z.string().openapi({ format: 'date-time', description: 'ISO 8601, UTC' })
const nullableDateTime = () =>
  z.string().nullable().openapi({ format: 'date-time', description: 'ISO 8601, UTC, or null' })
const id = () => z.number().int().positive()
const imageName = (kind: string) =>
  z
    .string()
    .nullable()
    .openapi({
      description: `The stored file name only (null when there is none); served at \`/uploads/${kind}/{image}\`.`,
    })

const FieldErrors = z.record(z.string()).openapi('FieldErrors', {
  description:
    'One English message per field, keyed by the field (`Name`, `Username`, `Email`, `Password`, `Permission_ids`, `Title`, `Content`, `CategoryID`, `Image`, `Price`, `Owner`, `Phone`, `Address`, `Position`, `Description`, `Caption`; `Error` for a failed login).',
  example: { Title: 'Title is required' },
})

const Failure = z
  .object({
    success: z.literal(false),
    message: z.string().openapi({ example: 'Validation Errors' }),
    errors: FieldErrors.nullable(),
  })
  .strict()
  .openapi('Failure', {
    description: 'Every failure of `/api/*`: `errors` is keyed by field, or null when no field is at fault.',
  })

/** The success envelope around `data`. */
const success = (data: ZodTypeAny, message: string) =>
  z
    .object({
      success: z.literal(true),
      message: message ? z.string().openapi({ example: message }) : z.string(),
      data,
    })
    .strict()

const PageLink = z
  .object({ url: z.string().nullable(), label: z.string(), active: z.boolean() })
  .strict()
  .openapi('PageLink')

/** One page of a list (docs/api.md "Lists"). */
const paginated = (item: ZodTypeAny, name: string) =>
  z
    .object({
      current_page: z.number().int().min(1),
      data: z.array(item),
      first_page_url: z.string(),
      from: z.number().int().nullable(),
      last_page: z.number().int().min(1),
      last_page_url: z.string(),
      links: z.array(PageLink),
      next_page_url: z.string().nullable(),
      path: z.string(),
      per_page: z.number().int().min(1).max(MAX_LIMIT),
      prev_page_url: z.string().nullable(),
      to: z.number().int().nullable(),
      total: z.number().int().min(0),
    })
    .strict()
    .openapi(`${name}List`, {
      description: `One page of ${name} items, newest first. A page past the end is an empty page.`,
    })

const listQuery = (defaultLimit: number) =>
  z.object({
    page: z
      .string()
      .optional()
      .openapi({ description: 'Page number (default 1; missing, non-numeric or < 1 means 1).', example: '1' }),
    search: z
      .string()
      .optional()
      .openapi({ description: 'Case-insensitive substring match (trimmed; empty means none).' }),
    limit: z
      .string()
      .optional()
      .openapi({
        description: `Items per page, 1 to ${MAX_LIMIT} (default ${defaultLimit}).`,
        example: String(defaultLimit),
      }),
  })

const imageFile = () =>
  z.any().openapi({
    type: 'string',
    format: 'binary',
    description: 'JPEG, PNG, GIF or WebP, judged by content; at most 10 MB.',
  })

// ---------------------------------------------------------------------------------------------------------------
// The items (docs/api.md "Items"), and the fields "Beyond the original client" adds to them

const status = () =>
  z
    .enum(['draft', 'published'])
    .openapi({ description: 'Drafts and scheduled publishing (beyond the original client).' })
const imageAlt = () =>
  z.string().max(250).openapi({
    description: "The image's alt text (beyond the original client); empty falls back to the title, caption or name.",
  })
/** Fields of posts, pages and products beyond the original client (drafts and scheduled publishing). */
const publishing = {
  status: status(),
  published_at: nullableDateTime().openapi({
    description: 'When the public may see it (with status `published`); a future time is scheduled.',
  }),
}

const Permission = z
  .object({ id: id(), name: z.string(), created_at: dateTime(), updated_at: dateTime() })
  .openapi('Permission')
const Role = z
  .object({
    id: id(),
    name: z.string(),
    created_at: dateTime(),
    updated_at: dateTime(),
    permissions: z.array(Permission),
  })
  .openapi('Role')
/** What a user's every description shows (never a password or hash). */
const userFields = {
  id: id(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  created_at: dateTime(),
  updated_at: dateTime(),
}
const User = z
  .object({
    ...userFields,
    roles: z.array(z.object({ id: id(), name: z.string() }).strict()),
  })
  .strict()
  .openapi('User', { description: 'Never a password or hash.' })
const Category = z
  .object({ id: id(), name: z.string(), slug: z.string(), created_at: dateTime(), updated_at: dateTime() })
  .openapi('Category')
const Post = z
  .object({
    id: id(),
    image: imageName('posts'),
    image_alt: imageAlt().optional(),
    title: z.string(),
    slug: z.string(),
    content: z.string().openapi({ description: 'Sanitised HTML' }),
    category_id: id().nullable(),
    user_id: id().nullable(),
    category: z.object({ id: id(), name: z.string() }).nullable(),
    user: z
      .object({ id: id(), name: z.string() })
      .nullable()
      .openapi({ description: 'null once the author is deleted' }),
    ...publishing,
    created_at: dateTime(),
    updated_at: dateTime(),
  })
  .openapi('Post')
const Page = z
  .object({
    id: id(),
    title: z.string(),
    slug: z.string(),
    content: z.string().optional().openapi({ description: 'Sanitised HTML (a public list may leave it out)' }),
    ...publishing,
    created_at: dateTime(),
    updated_at: dateTime(),
  })
  .openapi('Page')
const Product = z
  .object({
    id: id(),
    image: imageName('products'),
    image_alt: imageAlt().optional(),
    title: z.string(),
    slug: z.string(),
    content: z.string(),
    owner: z.string(),
    price: z.number().int().min(0),
    phone: z.string(),
    address: z.string(),
    user_id: id().nullable(),
    ...publishing,
    created_at: dateTime(),
    updated_at: dateTime(),
  })
  .openapi('Product')
const Photo = z
  .object({
    id: id(),
    image: imageName('photos'),
    image_alt: imageAlt().optional(),
    caption: z.string(),
    description: z.string(),
    created_at: dateTime(),
    updated_at: dateTime(),
  })
  .openapi('Photo')
const Slider = z
  .object({
    id: id(),
    image: imageName('sliders'),
    image_alt: imageAlt().optional(),
    description: z.string(),
    created_at: dateTime(),
    updated_at: dateTime(),
  })
  .openapi('Slider')
const Aparatur = z
  .object({
    id: id(),
    image: imageName('aparaturs'),
    image_alt: imageAlt().optional(),
    name: z.string(),
    position: z.string(),
    description: z.string(),
    created_at: dateTime(),
    updated_at: dateTime(),
  })
  .openapi('Aparatur')

// ---------------------------------------------------------------------------------------------------------------
// Village information and services (docs/api.md): the budget (APBDes) and the development projects

const rupiah = () => z.number().int().min(0).max(MAX_AMOUNT).openapi({ description: 'Whole rupiah, 0 to 10^15' })
const budgetType = () => z.enum(BUDGET_TYPES)
const BudgetItem = z
  .object({
    id: id(),
    type: budgetType(),
    group: z.string().openapi({ description: 'Free text (for `belanja` usually one of the five bidang)' }),
    name: z.string(),
    amount: rupiah(),
    realized: rupiah(),
  })
  .strict()
  .openapi('BudgetItem')
const BudgetFigure = z
  .object({ amount: z.number().int(), realized: z.number().int() })
  .strict()
  .openapi('BudgetFigure', {
    description: 'Budget and realisation (surplus, pembiayaan_netto and silpa may be negative).',
  })
const BudgetTotals = z
  .object(
    Object.fromEntries(TOTAL_NAMES.map((name) => [name, BudgetFigure])) as Record<
      (typeof TOTAL_NAMES)[number],
      typeof BudgetFigure
    >,
  )
  .strict()
  .openapi('BudgetTotals', {
    description:
      'The sums of each type; `surplus` = pendapatan - belanja; `pembiayaan_netto` = penerimaan - pengeluaran; `silpa` = surplus + pembiayaan_netto.',
  })
const budgetFields = {
  id: id(),
  year: z.number().int().min(2000).max(2100),
  regulation_number: z.string(),
  ...publishing,
  items: z.array(BudgetItem).openapi({ description: 'In the stored order.' }),
  totals: BudgetTotals,
  created_at: dateTime(),
  updated_at: dateTime(),
}
const Budget = z.object(budgetFields).strict().openapi('Budget')
const PublicBudget = z
  .object({
    ...budgetFields,
    groups: z
      .array(
        z
          .object({ type: budgetType(), group: z.string(), amount: z.number().int(), realized: z.number().int() })
          .strict(),
      )
      .openapi({ description: 'The sums per type and group, in first-appearance order.' }),
  })
  .strict()
  .openapi('PublicBudget')
const BudgetYear = z
  .object({ year: z.number().int(), regulation_number: z.string(), updated_at: dateTime() })
  .strict()
  .openapi('BudgetYear')
const BudgetLineInput = z
  .object({
    type: budgetType(),
    group: z.string().max(255).optional(),
    name: z.string().min(1).max(255),
    amount: rupiah(),
    realized: rupiah().optional().openapi({ description: 'Defaults to 0.' }),
  })
  .openapi('BudgetLineInput')
const budgetLinesInput = z
  .array(BudgetLineInput)
  .max(MAX_BUDGET_LINES)
  .optional()
  .openapi({
    description: `At most ${MAX_BUDGET_LINES} lines; PUT replaces every line (without \`items\` the lines stay). Error key \`Items\`, naming the 1-based line: \`Line 3: amount must be a whole number >= 0\`.`,
  })
const DevelopmentPhoto = z
  .object({
    id: id(),
    image: z.string().openapi({ description: 'The stored file name; served at `/uploads/developments/{image}`.' }),
    image_alt: imageAlt(),
    caption: z.string(),
    progress: z.number().int().min(0).max(100).nullable(),
    created_at: dateTime(),
  })
  .strict()
  .openapi('DevelopmentPhoto')
const Development = z
  .object({
    id: id(),
    title: z.string(),
    slug: z.string(),
    description: z.string().openapi({ description: 'Sanitised HTML' }),
    location: z.string(),
    latitude: z.number().min(-90).max(90).nullable(),
    longitude: z.number().min(-180).max(180).nullable(),
    year: z.number().int(),
    budget: rupiah(),
    funding_source: z.string(),
    implementer: z.string(),
    volume: z.string(),
    start_date: z.string().nullable().openapi({ format: 'date', description: '`YYYY-MM-DD` or null' }),
    end_date: z.string().nullable().openapi({ format: 'date', description: '`YYYY-MM-DD` or null' }),
    progress: z.number().int().min(0).max(100),
    stage: z.enum(STAGES).openapi({ description: 'Derived: `rencana` at 0, `berjalan` below 100, `selesai` at 100.' }),
    image: imageName('developments'),
    image_alt: imageAlt(),
    ...publishing,
    created_at: dateTime(),
    updated_at: dateTime(),
    photos: z
      .array(DevelopmentPhoto)
      .optional()
      .openapi({ description: 'Oldest first; in a project read alone, not in lists.' }),
  })
  .strict()
  .openapi('Development')

const ITEMS: Record<ResourceName, ZodTypeAny> = {
  permissions: Permission,
  roles: Role,
  users: User,
  categories: Category,
  posts: Post,
  pages: Page,
  products: Product,
  photos: Photo,
  sliders: Slider,
  aparaturs: Aparatur,
  budgets: Budget,
  developments: Development,
}

/** The request fields docs/api.md "Beyond the original client" adds (drafts, scheduling, alt text); all optional. */
const beyondInput = (name: ResourceName) => ({
  ...(['posts', 'pages', 'products', 'budgets', 'developments'].includes(name)
    ? {
        status: status().optional().openapi({
          description: 'Without it a create publishes at once and an update keeps the status. Error key `Status`.',
        }),
        published_at: z.string().nullable().optional().openapi({
          format: 'date-time',
          description: 'A future time with `status: "published"` schedules the item. Error key `Published_at`.',
        }),
      }
    : {}),
  ...(['posts', 'products', 'photos', 'sliders', 'aparaturs', 'developments'].includes(name)
    ? {
        image_alt: imageAlt()
          .nullable()
          .optional()
          .openapi({ description: 'At most 250 characters (null: empty); error key `Image_alt`.' }),
      }
    : {}),
})

const INPUTS: Record<ResourceName, { create: ZodTypeAny; update?: ZodTypeAny }> = {
  permissions: { create: permissionInput },
  roles: { create: roleInput },
  users: { create: userCreateInput, update: userUpdateInput },
  categories: { create: categoryInput },
  posts: { create: postInput },
  pages: { create: pageInput },
  products: { create: productInput },
  photos: { create: photoInput },
  sliders: { create: sliderInput },
  aparaturs: { create: aparaturInput },
  budgets: { create: withFields(budgetInput, { items: budgetLinesInput }) },
  developments: { create: developmentInput },
}

/** Adds fields to an object schema, also one inside refinements (the users' password rule). */
function withFields(schema: ZodTypeAny, fields: Record<string, ZodTypeAny>): ZodTypeAny {
  if (schema instanceof z.ZodObject) return schema.extend(fields)
  if (schema instanceof z.ZodEffects) return withFields(schema.innerType(), fields)
  throw new Error('withFields: not an object schema')
}

const Login = z
  .object({
    ...userFields,
    permissions: z
      .record(z.literal(true))
      .openapi({ description: 'Permission name -> true', example: { 'posts-create': true } }),
    token: z.string().openapi({ description: 'Send as `Authorization: Bearer <token>`' }),
  })
  .openapi('Login')

const Dashboard = z
  .object({
    categories_count: z.number().int(),
    posts_count: z.number().int(),
    products_count: z.number().int(),
    aparaturs_count: z.number().int(),
    budget_year: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'The newest published APBDes year, or null (beyond the original client).' }),
    running_developments: z
      .number()
      .int()
      .openapi({ description: 'Development projects under way, `berjalan` (beyond the original client).' }),
  })
  .openapi('Dashboard')

// ---------------------------------------------------------------------------------------------------------------
// Beyond the original client (docs/api.md, to the letter)

const httpsUrl = (key: string) =>
  z.string().openapi({ description: `An \`https://\` address or empty; error key \`${key}\`.` })
const settingsFields = {
  site_name: z.string().min(1).max(100).openapi({ description: 'Required, at most 100; error key `Site_name`.' }),
  tagline: z.string(),
  address: z.string(),
  phone: z.string().openapi({ description: 'Digits, spaces, `+`, `-`; 8 to 20 digits; error key `Phone`.' }),
  email: z.string().openapi({ description: 'A valid address or empty; error key `Email`.' }),
  whatsapp: z.string().openapi({ description: 'As `phone`; error key `Whatsapp`.' }),
  facebook: httpsUrl('Facebook'),
  instagram: httpsUrl('Instagram'),
  youtube: httpsUrl('Youtube'),
  map_url: httpsUrl('Map_url'),
}
const Settings = z
  .object({
    ...settingsFields,
    logo: z.string().nullable().openapi({ description: 'A stored image name or null' }),
    updated_at: dateTime(),
  })
  .openapi('Settings')
/** The admin's settings also hold the logo's alt text (not the public ones: docs/api.md fixes their fields). */
const AdminSettings = Settings.extend({
  logo_alt: z.string().max(250).openapi({
    description:
      "The logo's alt text (at most 250); empty: the logo is decorative beside the site name. Error key `Logo_alt`.",
  }),
}).openapi('AdminSettings')
const SettingsInput = withFields(settingsInput, {
  logo: imageFile().optional().openapi({ description: 'An optional image (error key `Logo`, as any upload).' }),
  remove_logo: z.enum(['1']).optional().openapi({ description: '`1` drops the logo.' }),
})
/** Without a new logo the settings may also come as JSON. */
const SettingsJsonInput = withFields(settingsInput, {
  remove_logo: z
    .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['1', '0'])])
    .nullable()
    .optional()
    .openapi({
      description: '`true` or `1` drops the logo; `false`, `0` or nothing keeps it. Error key `Remove_logo`.',
    }),
})
const Me = Login.omit({ token: true }).extend({ two_factor_enabled: z.boolean() }).openapi('Me')
const Session = z
  .object({
    id: z.string(),
    created_at: dateTime(),
    last_used_at: nullableDateTime(),
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
    current: z.boolean(),
  })
  .openapi('Session')
const Activity = z
  .object({
    id: id(),
    user_id: id().nullable(),
    user_name: z.string().openapi({ description: "Survives the user's deletion." }),
    action: z.enum(ACTIVITY_ACTIONS),
    resource: z.string().nullable(),
    resource_id: z.number().int().nullable(),
    summary: z.string().nullable().openapi({ description: "The record's title or name at the time." }),
    changes: z
      .array(z.string())
      .nullable()
      .openapi({ description: 'The names of the fields a write changed (never a password, hash, secret or token).' }),
    ip: z.string().nullable(),
    created_at: dateTime(),
  })
  .openapi('Activity')
const passwordChange = {
  password: z.string().openapi({ description: '8 to 72 bytes; error key `Password`.' }),
  password_confirmation: z
    .string()
    .openapi({ description: 'Must equal `password`; error key `Password_confirmation`.' }),
}

// ---------------------------------------------------------------------------------------------------------------
// Calls

type Status = 200 | 201 | 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500

const FAILURES: Partial<Record<Status, string>> = {
  400: 'Malformed JSON or multipart body, unreadable upload (`errors` names the field).',
  401: '`Unauthenticated`: no token, bad signature, expired, revoked, or the user is gone.',
  403: '`Forbidden`: a valid user without the permission.',
  404: '`{Thing} not found`.',
  409: 'The change would break something (a sentence saying why).',
  413: 'Body over the size limit (declared or streamed); an upload over 10 MB is `{"Image": "Image may not be larger than 10 MB"}`.',
  415: 'A body whose `Content-Type` is not JSON (multipart where listed).',
  422: '`Validation Errors`, keyed by field: a missing or invalid value, or a field of the wrong JSON type (never converted).',
  429: 'Too many login attempts; see `Retry-After`.',
  500: 'Unexpected; a generic message, never a stack trace, SQL or file path.',
}

const json = (schema: ZodTypeAny) => ({ 'application/json': { schema } })

function failures(statuses: Status[]): RouteConfig['responses'] {
  const responses: RouteConfig['responses'] = {}
  for (const code of [...statuses, 500 as const]) {
    responses[code] = {
      description: FAILURES[code] ?? 'Failure',
      content: json(Failure),
      ...(code === 429
        ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } }
        : {}),
    }
  }
  return responses
}

const bearer: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }]
const permissionText = (names: readonly string[]) =>
  `Permission (any one of): ${names.map((name) => `\`${name}\``).join(', ')}.`

type Call = {
  method: 'get' | 'post' | 'put' | 'delete'
  path: string
  tag: string
  summary: string
  description?: string
  /** Null: no authentication. An empty list: any logged-in user. */
  permissions: readonly string[] | null
  params?: z.AnyZodObject
  query?: z.AnyZodObject
  body?: { json?: ZodTypeAny; multipart?: ZodTypeAny }
  ok: { status: 200 | 201; data: ZodTypeAny; message: string; description?: string }
  /** Failures beyond those of authentication (401, 403) and of a body (400, 413, 415, 422), which come with them. */
  fails?: Status[]
  /** A public read: answered with an ETag, and 304 to a matching `If-None-Match`. */
  etag?: true
}

const idParam = (thing: string) =>
  z.object({ id: z.string().openapi({ description: `The ${thing}'s id`, example: '1' }) })

function register(registry: OpenAPIRegistry, call: Call) {
  const content: Record<string, { schema: ZodTypeAny }> = {}
  if (call.body?.json) content['application/json'] = { schema: call.body.json }
  if (call.body?.multipart) content['multipart/form-data'] = { schema: call.body.multipart }
  const authText =
    call.permissions === null
      ? 'No authentication.'
      : call.permissions.length
        ? permissionText(call.permissions)
        : 'Any logged-in user.'
  const fails = [
    ...new Set<Status>([
      ...(call.permissions === null ? [] : ([401] as const)),
      ...(call.permissions?.length ? ([403] as const) : []),
      ...(call.body ? ([400, 413, 415, 422] as const) : []),
      ...(call.fails ?? []),
    ]),
  ].sort()
  registry.registerPath({
    method: call.method,
    path: call.path,
    tags: [call.tag],
    summary: call.summary,
    description: [call.description, authText].filter(Boolean).join('\n\n'),
    ...(call.permissions === null ? { security: [] } : { security: bearer }),
    ...(call.permissions?.length ? { 'x-permissions': call.permissions } : {}),
    request: {
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { query: call.query } : {}),
      ...(call.body ? { body: { required: true, content } } : {}),
    },
    responses: {
      [call.ok.status]: {
        description: call.ok.description ?? (call.ok.message ? `\`${call.ok.message}\`` : 'Success'),
        content: json(success(call.ok.data, call.ok.message)),
        ...(call.etag
          ? {
              headers: {
                ETag: {
                  description: 'A weak validator of the answer; send it back as `If-None-Match`.',
                  schema: { type: 'string' },
                },
              },
            }
          : {}),
      },
      ...(call.etag ? { 304: { description: 'Not Modified: `If-None-Match` named the current ETag (no body).' } } : {}),
      ...failures(fails),
    },
  })
}

/** The calls of one declared admin resource: list, all, show, create, update, delete. */
function resourceCalls(resource: ResourceDeclaration): Call[] {
  const name = resource.name
  const item = ITEMS[name]
  const permissions = permissionsOf(resource)
  const path = `/api/admin/${name}`
  const tag = resource.things
  const multipart = bodyOf(resource) === 'multipart'
  const body = (schema: ZodTypeAny) => {
    const input = withFields(schema, beyondInput(name))
    return multipart
      ? { json: input, multipart: withFields(input, { image: imageFile().optional() }) }
      : { json: input }
  }
  const deleteConflicts = ['users', 'roles', 'categories'].includes(name)
  const calls: Call[] = [
    {
      method: 'get',
      path,
      tag,
      summary: `List ${resource.things.toLowerCase()}`,
      permissions: [permissions.index],
      query: resource.publishing
        ? listQuery(ADMIN_PAGE_SIZE).extend({
            status: z
              .enum(['draft', 'scheduled', 'published'])
              .optional()
              .openapi({ description: 'Only drafts, scheduled or published items (beyond the original client).' }),
          })
        : listQuery(ADMIN_PAGE_SIZE),
      ok: { status: 200, data: paginated(item, resource.thing), message: `List Data ${resource.things}` },
    },
  ]
  if (['permissions', 'roles', 'categories'].includes(name)) {
    calls.push({
      method: 'get',
      path: `${path}/all`,
      tag,
      summary: `Every ${resource.thing.toLowerCase()}, by name`,
      permissions: [permissions.index, ...allAlsoFor(name)],
      ok: { status: 200, data: z.array(item), message: `List Data ${resource.things}` },
    })
  }
  const create = INPUTS[name].create
  const createBody = isUploadOnly(resource)
    ? { multipart: withFields(withFields(create, beyondInput(name)), { image: imageFile() }) }
    : body(create)
  calls.push({
    method: 'post',
    path,
    tag,
    summary: isUploadOnly(resource)
      ? `Upload a ${resource.thing.toLowerCase()}`
      : `Create a ${resource.thing.toLowerCase()}`,
    description: multipart
      ? isUploadOnly(resource)
        ? 'A multipart body with the image (required) and the fields.'
        : 'A multipart body (with an optional `image`), or JSON when there is no file.'
      : undefined,
    permissions: [permissions.create],
    body: createBody,
    ok: { status: 201, data: item, message: writeMessage(resource, 'created') },
  })
  if (permissions.show) {
    calls.push({
      method: 'get',
      path: `${path}/{id}`,
      tag,
      summary: `One ${resource.thing.toLowerCase()}`,
      permissions: permissions.show,
      params: idParam(resource.thing.toLowerCase()),
      ok: { status: 200, data: item, message: `Detail Data ${resource.thing}` },
      fails: [404],
    })
  }
  if (permissions.update) {
    calls.push({
      method: 'put',
      path: `${path}/{id}`,
      tag,
      summary: `Update a ${resource.thing.toLowerCase()}`,
      description: [
        'The id in the path wins over an `id` in the body.',
        multipart ? 'A new `image` replaces the old file; without one the image stays.' : undefined,
        name === 'users' ? 'An empty or missing `password` keeps the old one.' : undefined,
      ]
        .filter(Boolean)
        .join(' '),
      permissions: permissions.update,
      params: idParam(resource.thing.toLowerCase()),
      body: body(INPUTS[name].update ?? create),
      ok: { status: 200, data: item, message: writeMessage(resource, 'updated') },
      fails: [404, ...(['users', 'roles'].includes(name) ? ([409] as Status[]) : [])],
    })
  }
  calls.push({
    method: 'delete',
    path: `${path}/{id}`,
    tag,
    summary: `Delete a ${resource.thing.toLowerCase()}`,
    description: deleteConflicts
      ? {
          users:
            'The last user with the admin role, or yourself, cannot be deleted (409). Their posts, pages and products stay.',
          roles: 'The admin role cannot be deleted (409).',
          categories: 'A category that still has posts cannot be deleted (409).',
        }[name as 'users' | 'roles' | 'categories']
      : multipart
        ? "The record's image is removed too."
        : undefined,
    permissions: [permissions.delete],
    params: idParam(resource.thing.toLowerCase()),
    ok: { status: 200, data: z.null(), message: writeMessage(resource, 'deleted') },
    fails: [404, ...(deleteConflicts ? ([409] as Status[]) : [])],
  })
  return calls
}

const PUBLIC_LISTS: [name: string, thing: string, things: string, item: ZodTypeAny, search: string][] = [
  ['pages', 'Page', 'Pages', Page, 'title, content'],
  ['aparaturs', 'Aparatur', 'Aparaturs', Aparatur, 'name, position'],
  ['posts', 'Post', 'Posts', Post, 'title'],
  ['products', 'Product', 'Products', Product, 'title, owner'],
  ['photos', 'Photo', 'Photos', Photo, 'caption, description'],
]

function publicCalls(): Call[] {
  const calls: Call[] = [
    {
      method: 'get',
      path: '/api/public/sliders',
      tag: 'Public',
      summary: 'Every slider, newest first',
      permissions: null,
      etag: true,
      ok: { status: 200, data: z.array(Slider), message: 'List Data Sliders' },
    },
  ]
  for (const [name, , things, item] of PUBLIC_LISTS.filter(([name]) => name !== 'pages')) {
    calls.push({
      method: 'get',
      path: `/api/public/${name}_home`,
      tag: 'Public',
      summary: `The 6 newest ${things.toLowerCase()}`,
      permissions: null,
      etag: true,
      ok: { status: 200, data: z.array(item), message: `List Data ${things}` },
    })
  }
  for (const [name, thing, things, item, search] of PUBLIC_LISTS) {
    calls.push({
      method: 'get',
      path: `/api/public/${name}`,
      tag: 'Public',
      summary: `List ${things.toLowerCase()}`,
      description: `Search matches ${search}.`,
      permissions: null,
      etag: true,
      query: listQuery(PUBLIC_PAGE_SIZE),
      ok: { status: 200, data: paginated(item, thing), message: `List Data ${things}` },
    })
  }
  const developmentQuery = listQuery(PUBLIC_PAGE_SIZE).extend({
    year: z.string().optional().openapi({ description: 'Only the projects of this year (four digits).' }),
    stage: z.enum(STAGES).optional().openapi({ description: 'Only the projects at this stage.' }),
  })
  calls.push(
    {
      method: 'get',
      path: '/api/public/budgets',
      tag: 'Public',
      summary: 'The published budget (APBDes) years, newest first',
      permissions: null,
      etag: true,
      ok: { status: 200, data: z.array(BudgetYear), message: 'List Data Budgets' },
    },
    {
      method: 'get',
      path: '/api/public/budgets/{year}',
      tag: 'Public',
      summary: 'A published budget year with its lines, totals and groups',
      description: 'A draft, scheduled or unknown year is a 404.',
      permissions: null,
      etag: true,
      params: z.object({ year: z.string().openapi({ example: '2026' }) }),
      ok: { status: 200, data: PublicBudget, message: 'Detail Data Budget' },
      fails: [404],
    },
    {
      method: 'get',
      path: '/api/public/developments',
      tag: 'Public',
      summary: 'List development projects',
      description: 'Search matches the title. Newest publish time first.',
      permissions: null,
      etag: true,
      query: developmentQuery,
      ok: { status: 200, data: paginated(Development, 'Development'), message: 'List Data Developments' },
    },
    {
      method: 'get',
      path: '/api/public/developments/{slug}',
      tag: 'Public',
      summary: 'One development project by slug, with its photos',
      permissions: null,
      etag: true,
      params: z.object({ slug: z.string().openapi({ example: 'pengaspalan-jalan-dusun-krajan' }) }),
      ok: { status: 200, data: Development, message: 'Detail Data Development' },
      fails: [404],
    },
  )
  for (const [name, thing, , item] of PUBLIC_LISTS.filter(([name]) => name !== 'photos')) {
    const key = name === 'aparaturs' ? 'id' : 'slug'
    calls.push({
      method: 'get',
      path: `/api/public/${name}/{${key}}`,
      tag: 'Public',
      summary: `One ${thing.toLowerCase()} by ${key}`,
      permissions: null,
      etag: true,
      params: z.object({ [key]: z.string().openapi({ example: key === 'id' ? '1' : 'sejarah-desa' }) }),
      ok: { status: 200, data: item, message: `Detail Data ${thing}` },
      fails: [404],
    })
  }
  return calls
}

/** A call of a group's tag: its answer is `ok`, or 200 with `data` and a message the contract leaves open. */
type GroupCall = Omit<Call, 'tag' | 'ok'> & ({ ok: Call['ok'] } | { data: ZodTypeAny })

const tagged = (tag: string, calls: GroupCall[]): Call[] =>
  calls.map((call) => {
    if ('ok' in call) return { ...call, tag }
    const { data, ...rest } = call
    return { ...rest, tag, ok: { status: 200, data, message: '' } }
  })

const AUTH_CALLS = tagged('Authentication', [
  {
    method: 'post',
    path: '/api/login',
    summary: 'Log in',
    description:
      'Unknown user or wrong password: 401 `{"Error": "Invalid username or password"}`, alike. With two-factor on: no `code` is 401 `{"Code": "Two-factor code required"}`; a wrong, reused or expired one 401 `{"Code": "Invalid two-factor code"}`. Failures count toward the throttle (429). For a user with two-factor on, a `code` that is not text (a JSON number) is 422 `Code`.',
    permissions: null,
    body: {
      json: withFields(credentials, {
        code: z.string().nullable().optional().openapi({
          description:
            'The TOTP code or a recovery code, for a user with two-factor on (ignored otherwise, whatever its type).',
        }),
      }),
    },
    ok: { status: 200, data: Login, message: 'Login successful' },
    fails: [401, 429],
  },
  {
    method: 'post',
    path: '/api/logout',
    summary: 'Revoke the token of this call',
    permissions: [],
    ok: { status: 200, data: z.null(), message: 'Logout successful' },
  },
  {
    method: 'post',
    path: '/api/logout-all',
    summary: 'Revoke every token of the user',
    permissions: [],
    data: z.unknown(),
  },
  {
    method: 'post',
    path: '/api/password-reset',
    summary: "Set a new password with a reset link's token",
    description:
      'The link is then spent and every token of that user stops working. An unknown, spent or expired token is 422 `Token`.',
    permissions: null,
    body: { json: z.object({ token: z.string(), ...passwordChange }) },
    data: z.unknown(),
  },
])

const ME_CALLS = tagged('Own account', [
  { method: 'get', path: '/api/admin/me', summary: 'The logged-in user', permissions: [], data: Me },
  {
    method: 'put',
    path: '/api/admin/me',
    summary: 'Change own name and email',
    description: 'Error keys `Name`, `Email` (valid, unique).',
    permissions: [],
    body: { json: ownProfileSchema },
    data: Me,
  },
  {
    method: 'put',
    path: '/api/admin/me/password',
    summary: 'Change own password',
    description:
      'Error keys `Current_password` (wrong), `Password` (8 to 72 bytes), `Password_confirmation` (differs). Every other token of the user stops working; the one used for this call keeps working.',
    permissions: [],
    body: { json: passwordChangeSchema },
    data: z.unknown(),
  },
  {
    method: 'get',
    path: '/api/admin/me/sessions',
    summary: 'Own sessions (tokens), newest first',
    permissions: [],
    data: z.array(Session),
  },
  {
    method: 'delete',
    path: '/api/admin/me/sessions/{id}',
    summary: 'Revoke one own session',
    description: "Another user's session is a 404.",
    permissions: [],
    params: z.object({ id: z.string().openapi({ description: "The session's id (from the list)" }) }),
    data: z.unknown(),
    fails: [404],
  },
  {
    method: 'post',
    path: '/api/admin/me/2fa/setup',
    summary: 'Start two-factor setup (TOTP, RFC 6238)',
    description:
      'SHA-1, 6 digits, 30 s steps, one step of clock drift allowed. Not active until enabled. Already on: 409.',
    permissions: [],
    fails: [409],
    data: z
      .object({ secret: z.string().openapi({ description: 'base32' }), otpauth_url: z.string() })
      .openapi('TwoFactorSetup'),
  },
  {
    method: 'post',
    path: '/api/admin/me/2fa/enable',
    summary: 'Turn two-factor on',
    description: 'A wrong code, or one that is not text (a JSON number), is 422 `Code`.',
    permissions: [],
    fails: [409],
    body: { json: z.object({ code: z.string() }) },
    data: z.object({ recovery_codes: z.array(z.string()).length(10).openapi({ description: 'Single-use codes' }) }),
  },
  {
    method: 'post',
    path: '/api/admin/me/2fa/disable',
    summary: 'Turn two-factor off',
    description: 'A wrong password, or one that is not text, is 422 `Password`.',
    permissions: [],
    body: { json: z.object({ password: z.string() }) },
    data: z.unknown(),
  },
])

const OTHER_CALLS = [
  ...tagged('Dashboard', [
    {
      method: 'get',
      path: '/api/admin/dashboard',
      summary: 'The dashboard counts',
      permissions: ['dashboard-index'],
      ok: { status: 200, data: Dashboard, message: 'Dashboard' },
    },
  ]),
  ...tagged('Site settings', [
    {
      method: 'get',
      path: '/api/public/settings',
      summary: "The site's settings",
      permissions: null,
      etag: true,
      data: Settings,
    },
    {
      method: 'get',
      path: '/api/admin/settings',
      summary: "The site's settings, to edit",
      permissions: ['settings-edit'],
      data: AdminSettings,
    },
    {
      method: 'put',
      path: '/api/admin/settings',
      summary: "Change the site's settings",
      description:
        'The `SITE_*` variables only fill an empty database; afterwards these values win everywhere the site shows them.',
      permissions: ['settings-edit'],
      body: { multipart: SettingsInput, json: SettingsJsonInput },
      data: AdminSettings,
    },
  ]),
  ...tagged('Users', [
    {
      method: 'post',
      path: '/api/admin/users/{id}/reset-link',
      summary: 'A password reset link for a user',
      description: 'Single use, valid 60 minutes.',
      permissions: ['users-edit'],
      params: idParam('user'),
      data: z.object({ url: z.string(), expires_at: dateTime() }),
      fails: [404],
    },
  ]),
  ...tagged('Developments', [
    {
      method: 'post',
      path: '/api/admin/developments/{id}/photos',
      summary: "Add a progress photo to a project (last in the project's order)",
      description:
        'A multipart body: the image (required) and the fields. Error keys `Image`, `Caption`, `Image_alt`, `Progress`.',
      permissions: permissionsOf(RESOURCES.developments).update!,
      params: idParam('development'),
      body: { multipart: withFields(developmentPhotoInput, { image: imageFile() }) },
      ok: { status: 201, data: DevelopmentPhoto, message: 'Photo uploaded successfully' },
      fails: [404],
    },
    {
      method: 'delete',
      path: '/api/admin/developments/{id}/photos/{photo_id}',
      summary: 'Remove a progress photo',
      description: "Another project's photo is a 404.",
      permissions: permissionsOf(RESOURCES.developments).update!,
      params: idParam('development').extend({
        photo_id: z.string().openapi({ description: "The photo's id", example: '1' }),
      }),
      ok: { status: 200, data: z.null(), message: 'Photo deleted successfully' },
      fails: [404],
    },
  ]),
  ...tagged('Activity log', [
    {
      method: 'get',
      path: '/api/admin/activities',
      summary: 'The activity log, newest first',
      description:
        '`search` matches `summary` and `user_name`. Every successful write through either door, and every login attempt, adds one entry; no call edits or deletes entries.',
      permissions: ['activities-index'],
      query: listQuery(ADMIN_PAGE_SIZE).extend({
        user_id: z.string().optional().openapi({ description: "Only this user's entries" }),
        resource: z.string().optional().openapi({ description: 'Only entries of this resource (`posts`, ...)' }),
        action: Activity.shape.action.optional(),
      }),
      data: paginated(Activity, 'Activity'),
    },
  ]),
  ...tagged('Rich text images', [
    {
      method: 'post',
      path: '/api/admin/uploads',
      summary: 'Upload an image for rich text',
      description:
        'The same checks, re-encoding and width copies as every upload. Saved rich text never holds `data:` images or images from other sites.',
      permissions: CONTENT_UPLOAD_PERMISSIONS,
      body: { multipart: z.object({ image: imageFile() }) },
      ok: {
        status: 201,
        data: z
          .object({ url: z.string(), width: z.number().int().positive(), height: z.number().int().positive() })
          .openapi('EditorUpload'),
        message: '',
      },
    },
  ]),
]

const DESCRIPTION = `The REST API of Balai Desa. JSON in and out (\`application/json; charset=utf-8\`) except the multipart writes.

**Envelope.** Every answer is \`{"success": true, "message": "...", "data": ...}\` or \`{"success": false, "message": "...", "errors": {"Field": "message"} | null}\`.

**Authentication.** Admin calls take \`Authorization: Bearer <token>\` (from \`POST /api/login\`), or the same token in the HttpOnly cookie \`token\` of the site's own back office. Permissions are read from the database on every request.

**Input.** A JSON endpoint refuses a body whose \`Content-Type\` is not JSON (415; a request without a body is not refused). A field of the wrong JSON type is a 422 on that field, never converted. Text fields are trimmed; rich text (\`content\`, \`description\`) is sanitised HTML. Uploads are JPEG, PNG, GIF or WebP judged by content, at most 10 MB and 40 megapixels; a damaged image is a 422 \`Image\`. A write whose public text promotes online gambling is a 422 on that field naming the phrase.

**Lists.** \`page\`, \`search\`, \`limit\` (1 to ${MAX_LIMIT}; default ${ADMIN_PAGE_SIZE} in admin lists, ${PUBLIC_PAGE_SIZE} in public ones), newest first.

**CORS.** Allowed origins come from \`CORS_ORIGINS\` (default \`*\`).`

const TAG_ORDER = [
  'Authentication',
  'Own account',
  'Dashboard',
  ...Object.values(RESOURCES).map((resource) => resource.things),
  'Activity log',
  'Site settings',
  'Rich text images',
  'Public',
  'Documentation',
]

/** Every call of the contract, in the order of the reference page. */
export function apiCalls(): Call[] {
  // The document itself is the answer, not an envelope: described by the call, not validated by a schema.
  const docs = tagged('Documentation', [
    { method: 'get', path: '/api/openapi.json', summary: 'This document', permissions: null, data: z.null() },
  ])
  return [
    ...AUTH_CALLS,
    ...ME_CALLS,
    ...OTHER_CALLS,
    ...Object.values(RESOURCES).flatMap(resourceCalls),
    ...publicCalls(),
    ...docs,
  ]
}

function buildDocument() {
  const registry = new OpenAPIRegistry()
  registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The token of `POST /api/login`.',
  })
  registry.registerComponent('securitySchemes', 'cookie', {
    type: 'apiKey',
    in: 'cookie',
    name: 'token',
    description: "The back office's HttpOnly cookie (same token).",
  })
  registry.register('Failure', Failure)
  for (const call of apiCalls()) register(registry, call)
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'Balai Desa REST API', version: '1.0.0', description: DESCRIPTION },
    tags: TAG_ORDER.map((name) => ({ name })),
  })
  // The document and the reference page are not JSON envelopes.
  const paths = document.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>
  paths['/api/openapi.json'].get.responses = {
    200: { description: 'This OpenAPI 3.1 document', content: { 'application/json': { schema: { type: 'object' } } } },
  }
  paths['/api/docs'] = {
    get: {
      tags: ['Documentation'],
      summary: 'A readable reference of this document (HTML)',
      security: [],
      responses: { 200: { description: 'HTML', content: { 'text/html': { schema: { type: 'string' } } } } },
    } as never,
  }
  return document
}

let built: ReturnType<typeof buildDocument> | undefined

/** The OpenAPI document (built once per process). */
export function openApiDocument() {
  built ??= buildDocument()
  return built
}

/** The document as committed in docs/openapi.json. */
export const openApiDocumentText = () => `${JSON.stringify(openApiDocument(), null, 2)}\n`
