import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi'
import { type ZodTypeAny } from 'zod'
import { responseTime, z } from '~/utils/response-shape.server'
import { DOCUMENT_MAX_MB, IMAGE_MAX_MB, IMAGE_MAX_MEGAPIXELS } from '~/lib/upload-limits'
import { credentials } from '~/auth/login.server'
import { aparaturResponse, schema as aparaturInput } from '~/models/aparatur.server'
import { documentResponse, schema as documentInput } from '~/models/document.server'
import {
  fileSchema as reportFileInput,
  filedReportResponse,
  publicReportResponse,
  reportResponse,
  responseSchema as reportResponseInput,
  updateSchema as reportUpdateInput,
} from '~/models/report.server'
import { categoryResponse, schema as categoryInput } from '~/models/category.server'
import { pageResponse, schema as pageInput } from '~/models/page.server'
import { permissionResponse, schema as permissionInput } from '~/models/permission.server'
import { photoResponse, schema as photoInput } from '~/models/photo.server'
import { postResponse, schema as postInput } from '~/models/post.server'
import { productResponse, schema as productInput } from '~/models/product.server'
import { roleResponse, schema as roleInput } from '~/models/role.server'
import { sliderResponse, schema as sliderInput } from '~/models/slider.server'
import { activityResponse } from '~/models/activity.server'
import { REGENCY_PERMISSION, villageChange, villageInput, villageResponse } from '~/models/regency.server'
import { REVISIONS_KEPT, revisionDetailResponse, revisionResponse } from '~/models/revision.server'
import { dashboardResponse } from '~/models/dashboard.server'
import { sessionResponse } from '~/models/device-session.server'
import { adminSettingsResponse, schema as settingsInput, settingsResponse } from '~/models/settings.server'
import {
  announcementResponse,
  schema as announcementInput,
  publicAnnouncementResponse,
} from '~/models/announcement.server'
import { eventResponse, schema as eventInput } from '~/models/event.server'
import { datasetRowResponse, schema as statisticInput, statisticResponse } from '~/models/statistic.server'
import { budgetResponse, budgetYearResponse, publicBudgetResponse, schema as budgetInput } from '~/models/budget.server'
import {
  developmentPhotoResponse,
  developmentResponse,
  photoSchema as developmentPhotoInput,
  schema as developmentInput,
} from '~/models/development.server'
import {
  createSchema as userCreateInput,
  ownProfileSchema,
  profileResponse,
  passwordChangeSchema,
  updateSchema as userUpdateInput,
  userResponse,
} from '~/models/user.server'
import { ADMIN_PAGE_SIZE, MAX_LIMIT, PUBLIC_PAGE_SIZE } from '~/lib/paging'
import { MAX_COLUMNS, MAX_ROWS, STATISTIC_CATEGORIES } from '~/lib/statistics-table'
import { RESOURCES, allAlsoFor } from '~/resources'
import { findResource } from '~/models/resources.server'
import { BUDGET_TYPES, MAX_AMOUNT, MAX_BUDGET_LINES } from '~/lib/budget-totals'
import { STAGES } from '~/lib/pembangunan'
import { CONTENT_UPLOAD_PERMISSIONS, type ResourceName } from '~/resources/permissions'
import {
  bodyOf,
  isReportInbox,
  isUploadOnly,
  permissionsOf,
  uploadOf,
  writeMessage,
  type ResourceDeclaration,
} from '~/resources/resource'
import { DOCUMENT_KINDS, INFORMATION_CLASSES } from '~/lib/documents'
import { REPORT_KINDS, REPORT_STATUSES } from '~/lib/reports'

/**
 * The OpenAPI 3.1 document of every `/api/*` call of the contract (docs/api.md), served at
 * `/api/openapi.json`, shown at `/api/docs`, and committed as docs/openapi.json (`npm run openapi` writes it;
 * tests/unit/openapi.test.ts fails when it is stale or when a route under app/routes/api.* is not in it).
 * Request bodies come from the zod schemas that validate them (the models'); the answers, which the models
 * build from database selections, are described here by hand, and the API tests check every real answer
 * against them (tests/support/api.ts).
 */

// ---------------------------------------------------------------------------------------------------------------
// Shared pieces: dates, the envelope, errors, paging

const dateTime = responseTime

const FieldErrors = z.record(z.string()).openapi('FieldErrors', {
  description:
    'One English message per field, keyed by the field (`Name`, `Username`, `Email`, `Password`, ' +
    '`Permission_ids`, `Title`, `Content`, `CategoryID`, `Image`, `Price`, `Owner`, `Phone`, `Address`, ' +
    '`Position`, `Description`, `Caption`; `Error` for a failed login).',
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
    description: `JPEG, PNG, GIF or WebP, judged by content; at most ${IMAGE_MAX_MB} MB.`,
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

// The answers' shapes are the models' own (app/utils/response-shape.server.ts): named here for the document.
const Permission = permissionResponse
const Role = roleResponse
const User = userResponse
const Category = categoryResponse
const Post = postResponse
const Page = pageResponse
const Product = productResponse
const Photo = photoResponse
const Slider = sliderResponse
const Aparatur = aparaturResponse

// Village information and services (docs/api.md): documents and citizens' reports.
const pdfFile = () =>
  z.any().openapi({
    type: 'string',
    format: 'binary',
    description: `A PDF judged by its content (starts with \`%PDF-\`, parses as a PDF); at most ${DOCUMENT_MAX_MB} MB (413 on \`File\`).`,
  })
const reportKind = () => z.enum(REPORT_KINDS)
const reportStatus = () => z.enum(REPORT_STATUSES)

// Village information (docs/api.md "Agenda", "Announcements", "Village statistics")

const Event = eventResponse
const Announcement = announcementResponse
const PublicAnnouncement = publicAnnouncementResponse
const DatasetRow = datasetRowResponse
const Statistic = statisticResponse

/** What the writes of the village information take, described beyond their models' schemas. */
const timeInput = (key: string, text: string) =>
  z
    .string()
    .nullable()
    .optional()
    .openapi({ description: `${text} Error key \`${key}\`.` })
const EventInput = withFields(eventInput, {
  all_day: z
    .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])])
    .optional()
    .openapi({ description: 'JSON true or false; multipart `1`/`0` or `true`/`false`. Error key `All_day`.' }),
  starts_at: timeInput(
    'Starts_at',
    "Required. ISO 8601 with a zone, or `YYYY-MM-DDTHH:mm` read in the village's time zone (`TZ`); with " +
      '`all_day` a date alone (`YYYY-MM-DD`), and a time is refused.',
  ),
  ends_at: timeInput('Ends_at', 'As `starts_at`; null or empty: none. Not before `starts_at`.'),
})
const AnnouncementInput = withFields(announcementInput, {
  starts_at: timeInput(
    'Starts_at',
    'Required. ISO 8601 with a zone, or `YYYY-MM-DDTHH:mm` in `TZ`, or a date (from the start of that day in `TZ`).',
  ),
  ends_at: timeInput(
    'Ends_at',
    'As `starts_at` (a date: until the end of that day); null: no end; not before the start.',
  ),
})
const StatisticInput = withFields(statisticInput, {
  columns: z
    .array(z.string())
    .optional()
    .openapi({ description: `1 to ${MAX_COLUMNS} column names. Error key \`Columns\`.` }),
  rows: z
    .array(DatasetRow)
    .optional()
    .openapi({
      description:
        `1 to ${MAX_ROWS} rows, one number >= 0 per column. Error key \`Rows\`, naming the 1-based row (\`Row 3: ` +
        `value 2 must be at least 0 (-1 given)\`).`,
    }),
  csv: z
    .string()
    .optional()
    .openapi({
      description:
        "The table as pasted text instead of `columns` and `rows`: the first line the label column's name and the " +
        'column names, then a label and one number per column on each line (comma-, semicolon- or tab-separated; ' +
        'RFC 4180 quotes). Errors under `Columns` and `Rows` (naming the row and its line).',
    }),
  year: z.number().int().nullable().optional().openapi({ description: '1900 to 2100, or null. Error key `Year`.' }),
})

// Transparansi (docs/api.md "Budget (APBDes)", "Development projects")

const Budget = budgetResponse
const PublicBudget = publicBudgetResponse
const BudgetYear = budgetYearResponse
const Development = developmentResponse
const DevelopmentPhoto = developmentPhotoResponse
const rupiahInput = () => z.number().int().min(0).max(MAX_AMOUNT).openapi({ description: 'Whole rupiah, 0 to 10^15' })
const BudgetLineInput = z
  .object({
    type: z.enum(BUDGET_TYPES),
    group: z.string().max(255).optional(),
    name: z.string().min(1).max(255),
    amount: rupiahInput(),
    realized: rupiahInput().optional().openapi({ description: 'Defaults to 0.' }),
  })
  .openapi('BudgetLineInput')
const budgetLinesInput = z
  .array(BudgetLineInput)
  .max(MAX_BUDGET_LINES)
  .optional()
  .openapi({
    description:
      `At most ${MAX_BUDGET_LINES} lines; PUT replaces every line (without \`items\` the lines stay). Error key ` +
      `\`Items\`, naming the 1-based line: \`Line 3: amount must be a whole number >= 0\`.`,
  })

const ITEMS: Record<ResourceName, ZodTypeAny> = {
  documents: documentResponse,
  reports: reportResponse,
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
  events: Event,
  announcements: Announcement,
  statistics: Statistic,
  budgets: Budget,
  developments: Development,
}

/** The request fields docs/api.md "Beyond the original client" adds (drafts, scheduling, alt text); all optional. */
const beyondInput = (name: ResourceName) => ({
  ...(['posts', 'pages', 'products', 'documents', 'budgets', 'developments'].includes(name)
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
  documents: { create: documentInput },
  reports: { create: reportUpdateInput, update: reportUpdateInput },
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
  events: { create: EventInput },
  announcements: { create: AnnouncementInput },
  statistics: { create: StatisticInput },
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
    ...profileResponse,
    permissions: z
      .record(z.literal(true))
      .openapi({ description: 'Permission name -> true', example: { 'posts-create': true } }),
    token: z.string().openapi({ description: 'Send as `Authorization: Bearer <token>`' }),
  })
  .openapi('Login')

const Dashboard = dashboardResponse

// ---------------------------------------------------------------------------------------------------------------
// Beyond the original client (docs/api.md, to the letter)

const Settings = settingsResponse
const AdminSettings = adminSettingsResponse
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
const Session = sessionResponse
const Activity = activityResponse
const passwordChange = {
  password: z.string().openapi({ description: '8 to 72 bytes; error key `Password`.' }),
  password_confirmation: z
    .string()
    .openapi({ description: 'Must equal `password`; error key `Password_confirmation`.' }),
}

// ---------------------------------------------------------------------------------------------------------------
// Calls

type Status = 200 | 201 | 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500 | 503

const FAILURES: Partial<Record<Status, string>> = {
  400: 'Malformed JSON or multipart body, unreadable upload (`errors` names the field).',
  401: '`Unauthenticated`: no token, bad signature, expired, revoked, or the user is gone.',
  403: '`Forbidden`: a valid user without the permission.',
  404: '`{Thing} not found`.',
  409: 'The change would break something (a sentence saying why).',
  413:
    `Body over the size limit (declared or streamed); an upload over ${IMAGE_MAX_MB} MB is \`{"Image": "Image may ` +
    `not be larger than ${IMAGE_MAX_MB} MB"}\` (a document's PDF over ${DOCUMENT_MAX_MB} MB: \`File\`).`,
  415: 'A body whose `Content-Type` is not JSON (multipart where listed).',
  422:
    '`Validation Errors`, keyed by field: a missing or invalid value, or a field of the wrong JSON type (never ' +
    'converted).',
  429: 'Throttled (login attempts, report filings, report lookups); see `Retry-After`.',
  503:
    '`Service Unavailable`: the PDF worker has PDF_QUEUE_MAX files waiting already (`{"File": "The server is ' +
    'reading other PDF files; try again in a minute"}`); see `Retry-After`.',
  500: 'Unexpected; a generic message, never a stack trace, SQL or file path.',
}

const json = (schema: ZodTypeAny) => ({ 'application/json': { schema } })

function failures(statuses: Status[]): RouteConfig['responses'] {
  const responses: RouteConfig['responses'] = {}
  for (const code of [...statuses, 500 as const]) {
    responses[code] = {
      description: FAILURES[code] ?? 'Failure',
      content: json(Failure),
      ...(code === 429 || code === 503
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
  const upload = uploadOf(resource)
  const body = (schema: ZodTypeAny, fileRequired = false) => {
    const input = withFields(schema, beyondInput(name))
    const file = upload.field === 'file' ? pdfFile() : imageFile()
    return multipart
      ? {
          ...(fileRequired ? {} : { json: input }),
          multipart: withFields(input, { [upload.field]: fileRequired ? file : file.optional() }),
        }
      : { json: input }
  }
  const deleteConflicts = ['users', 'roles', 'categories'].includes(name)
  // A PDF waits its turn for the worker, in a line of PDF_QUEUE_MAX (app/utils/pdf.server.ts; decision 065).
  const pdfLine: Status[] = upload.field === 'file' ? [503] : []
  const calls: Call[] = [
    {
      method: 'get',
      path,
      tag,
      summary: `List ${resource.things.toLowerCase()}`,
      permissions: [permissions.index],
      query: isReportInbox(resource)
        ? listQuery(ADMIN_PAGE_SIZE).extend({
            status: reportStatus().optional().openapi({ description: 'Only reports of this status' }),
            kind: reportKind().optional().openapi({ description: 'Only reports of this kind' }),
          })
        : resource.publishing
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
    : body(create, upload.field === 'file')
  if (permissions.create)
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
      ...(pdfLine.length ? { fails: pdfLine } : {}),
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
      fails: [404, ...(['users', 'roles'].includes(name) ? ([409] as Status[]) : []), ...pdfLine],
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
            'The last user with the admin role, or yourself, cannot be deleted (409). Their posts, pages and ' +
            'products stay.',
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

/** Revisions and the preview link of a resource declared with them (docs/api.md "Revisions and preview links"). */
function revisionCalls(resource: ResourceDeclaration): Call[] {
  if (!resource.revisions) return []
  const thing = resource.thing.toLowerCase()
  const path = `/api/admin/${resource.name}/{id}`
  const permissions = permissionsOf(resource).update!
  const params = idParam(thing)
  const revParams = params.extend({ rev: z.string().openapi({ description: "The revision's id", example: '1' }) })
  const common = { tag: resource.things, permissions, params, fails: [404] as Status[] }
  // A resource that refuses some records a preview link (app/models/resources.server.ts `previewRefusal`).
  const refusesPreviews = !!findResource(resource.name)?.previewRefusal
  return [
    {
      ...common,
      method: 'get',
      path: `${path}/revisions`,
      summary: `The revisions of a ${thing}, newest first`,
      description: `Every update keeps the state before it; the last ${REVISIONS_KEPT} are kept.`,
      ok: { status: 200, data: z.array(revisionResponse), message: 'List Data Revisions' },
    },
    {
      ...common,
      method: 'get',
      path: `${path}/revisions/{rev}`,
      summary: `One revision of a ${thing}, with its fields`,
      description: "Another item's revision, or an id that is not a number, is a 404.",
      params: revParams,
      ok: { status: 200, data: revisionDetailResponse, message: 'Detail Data Revision' },
    },
    {
      ...common,
      method: 'post',
      path: `${path}/revisions/{rev}/restore`,
      summary: `Bring a ${thing} back to a revision`,
      description:
        'An update like any other (validation, sanitiser, spam guard; itself a new revision), logged as `restore`. ' +
        'Status, publish time and files are not restored. A revision that no longer passes (its category deleted) ' +
        'is a 422 naming the field, and nothing changes.',
      params: revParams,
      ok: { status: 200, data: ITEMS[resource.name], message: `${resource.thing} restored successfully` },
      fails: [404, 422],
    },
    {
      ...common,
      method: 'post',
      path: `${path}/preview-link`,
      summary: `A preview link of a ${thing}`,
      description:
        'Valid 7 days; a new link revokes the old one. Whoever opens `url` sees the item as it is now (draft or ' +
        'scheduled included), never cached or indexed. Logged as `preview_link_created`.' +
        (refusesPreviews
          ? ' A `dikecualikan` document gets no link (422 on `Information_class`, its old link revoked); a link ' +
            'made before its class became `dikecualikan` is 404 from then on.'
          : ''),
      ...(refusesPreviews ? { fails: [404, 422] as Status[] } : {}),
      ok: {
        status: 201,
        data: z.object({ url: z.string(), expires_at: dateTime() }).openapi('PreviewLink'),
        message: 'Preview link created',
      },
    },
    {
      ...common,
      method: 'delete',
      path: `${path}/preview-link`,
      summary: `Revoke the preview link of a ${thing}`,
      description: 'Its url answers 404 from now on. Logged as `preview_link_revoked` when there was one.',
      ok: { status: 200, data: z.null(), message: 'Preview link revoked' },
    },
  ]
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
  calls.push(...villageInformationCalls())
  return calls
}

/** The public reads of the agenda, the announcements and the village statistics. */
function villageInformationCalls(): Call[] {
  const slugParam = z.object({ slug: z.string().openapi({ example: 'posyandu-balita' }) })
  return [
    {
      method: 'get',
      path: '/api/public/events',
      tag: 'Public',
      summary: 'List events, upcoming or past',
      description:
        'An event has ended when its `ends_at` has passed (null: its `starts_at`; all-day: the end of that day ' +
        'in `TZ`). `when=upcoming` (the default): not yet ended, by `starts_at` ascending; `when=past`: ended, ' +
        'by `ends_at` (else `starts_at`) descending. Not searched (the site search `/cari` finds events).',
      permissions: null,
      etag: true,
      query: listQuery(PUBLIC_PAGE_SIZE)
        .omit({ search: true })
        .extend({
          when: z.enum(['upcoming', 'past']).optional().openapi({ description: 'Default `upcoming`.' }),
        }),
      ok: { status: 200, data: paginated(Event, 'Event'), message: 'List Data Events' },
    },
    {
      method: 'get',
      path: '/api/public/events/{slug}',
      tag: 'Public',
      summary: 'One event by slug',
      permissions: null,
      etag: true,
      params: slugParam,
      ok: { status: 200, data: Event, message: 'Detail Data Event' },
      fails: [404],
    },
    {
      method: 'get',
      path: '/api/public/announcements',
      tag: 'Public',
      summary: 'The announcements showing now, newest start first',
      description: 'Shown from `starts_at` until `ends_at` (null: no end).',
      permissions: null,
      etag: true,
      ok: { status: 200, data: z.array(PublicAnnouncement), message: 'List Data Announcements' },
    },
    {
      method: 'get',
      path: '/api/public/statistics',
      tag: 'Public',
      summary: 'List statistics datasets',
      description: 'Newest publish time first. `search` matches the title (not with `category`).',
      permissions: null,
      etag: true,
      query: listQuery(PUBLIC_PAGE_SIZE).extend({
        category: z.enum(STATISTIC_CATEGORIES).optional().openapi({ description: 'Only this category.' }),
      }),
      ok: { status: 200, data: paginated(Statistic, 'Statistic'), message: 'List Data Statistics' },
    },
    {
      method: 'get',
      path: '/api/public/statistics/{slug}',
      tag: 'Public',
      summary: 'One statistics dataset by slug',
      permissions: null,
      etag: true,
      params: slugParam,
      ok: { status: 200, data: Statistic, message: 'Detail Data Statistic' },
      fails: [404],
    },
  ]
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
      'Unknown user or wrong password: 401 `{"Error": "Invalid username or password"}`, alike. With two-factor ' +
      'on: no `code` is 401 `{"Code": "Two-factor code required"}`; a wrong, reused or expired one 401 `{"Code": ' +
      '"Invalid two-factor code"}`. Failures count toward the throttle (429). For a user with two-factor on, a ' +
      '`code` that is not text (a JSON number) is 422 `Code`.',
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
      'The link is then spent and every token of that user stops working. An unknown, spent or expired token is ' +
      '422 `Token`.',
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
      'Error keys `Current_password` (wrong), `Password` (8 to 72 bytes), `Password_confirmation` (differs). ' +
      'Every other token of the user stops working; the one used for this call keeps working.',
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
        'The `SITE_*` variables only fill an empty database; afterwards these values win everywhere the site ' +
        'shows them.',
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
        'A multipart body: the image (required) and the fields. Error keys `Image`, `Caption`, `Image_alt`, ' +
        '`Progress`.',
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
        '`search` matches `summary` and `user_name`. Every successful write through either door, and every login ' +
        'attempt, adds one entry; no call edits or deletes entries.',
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
        'The same checks, re-encoding and width copies as every upload. Saved rich text never holds `data:` ' +
        'images or images from other sites.',
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

/** Village information and services (docs/api.md): public documents, citizens' reports. */
const INFORMATION_CALLS: Call[] = [
  {
    method: 'get',
    path: '/api/public/documents',
    tag: 'Public',
    summary: 'List public documents',
    description:
      'Published documents whose class is not `dikecualikan`, newest first. Search matches title, number and ' +
      'description.',
    permissions: null,
    etag: true,
    query: listQuery(PUBLIC_PAGE_SIZE).extend({
      kind: z.enum(DOCUMENT_KINDS).optional(),
      information_class: z.enum(INFORMATION_CLASSES).optional(),
      year: z.string().optional().openapi({ description: 'The year of `enacted_at`', example: '2026' }),
    }),
    ok: { status: 200, data: paginated(documentResponse, 'PublicDocument'), message: 'List Data Documents' },
  },
  {
    method: 'get',
    path: '/api/public/documents/{slug}',
    tag: 'Public',
    summary: 'One public document by slug',
    description:
      'A `dikecualikan` (exempt) or unpublished document is a 404. The PDF itself is at `/dokumen/{slug}/unduh`.',
    permissions: null,
    etag: true,
    params: z.object({ slug: z.string().openapi({ example: 'peraturan-desa-nomor-1-tahun-2026' }) }),
    ok: { status: 200, data: documentResponse, message: 'Detail Data Document' },
    fails: [404],
  },
  {
    method: 'get',
    path: '/api/public/reports',
    tag: 'Public',
    summary: 'The reports staff made public, newest first',
    permissions: null,
    etag: true,
    query: listQuery(PUBLIC_PAGE_SIZE).omit({ search: true }),
    ok: { status: 200, data: paginated(publicReportResponse, 'PublicReport'), message: 'List Data Reports' },
  },
  {
    method: 'post',
    path: '/api/public/reports',
    tag: 'Public',
    summary: 'File a complaint, aspiration or information request',
    description:
      'JSON, or multipart with an optional `image`. Keys on error: `Kind`, `Name`, `Contact` (neither phone nor ' +
      'email, or one invalid), `Subject` (at most 150), `Message` (at most 5,000), `Image`. `website` is a ' +
      'honeypot: filled, the answer looks the same and nothing is stored. One client address may file 5 reports ' +
      'an hour; then every POST is a 429 with `Retry-After`, before validation.',
    permissions: null,
    body: {
      json: reportFileInput,
      multipart: withFields(reportFileInput, { image: imageFile().optional() }),
    },
    ok: { status: 201, data: filedReportResponse, message: 'Report submitted successfully' },
    fails: [429],
  },
  {
    method: 'get',
    path: '/api/public/reports/{ticket}',
    tag: 'Public',
    summary: 'Track a report with its code',
    description:
      'A wrong or missing code is the same 404 as an unknown ticket; 20 failed lookups from one address in 15 ' +
      'minutes are a 429. Never cached.',
    permissions: null,
    params: z.object({ ticket: z.string().openapi({ example: 'ADU-2026-0007' }) }),
    query: z.object({ code: z.string().openapi({ description: 'The tracking code given when the report was filed' }) }),
    ok: { status: 200, data: publicReportResponse, message: 'Detail Data Report' },
    fails: [404, 429],
  },
  {
    method: 'post',
    path: '/api/admin/reports/{id}/responses',
    tag: 'Reports',
    summary: 'Answer a report',
    description: 'Plain text (error key `Message`). E-mailed to the citizen when SMTP is set and they gave an address.',
    permissions: ['reports-update'],
    params: idParam('report'),
    body: { json: reportResponseInput },
    ok: { status: 201, data: reportResponse, message: 'Response added successfully' },
    fails: [404],
  },
]

const DESCRIPTION =
  `The REST API of Balai Desa. JSON in and out (\`application/json; charset=utf-8\`) except the multipart writes.

**Envelope.** Every answer is \`{"success": true, "message": "...", "data": ...}\` or \`{"success": false, ` +
  `"message": "...", "errors": {"Field": "message"} | null}\`.

**Authentication.** Admin calls take \`Authorization: Bearer <token>\` (from \`POST /api/login\`), or the ` +
  `same token in the HttpOnly cookie \`token\` of the site's own back office. Permissions are read from the ` +
  `database on every request.

**Input.** A JSON endpoint refuses a body whose \`Content-Type\` is not JSON (415; a request without a body ` +
  `is not refused). A field of the wrong JSON type is a 422 on that field, never converted. Text fields are ` +
  `trimmed; rich text (\`content\`, \`description\`) is sanitised HTML. Uploads are JPEG, PNG, GIF or WebP ` +
  `judged by content, at most ${IMAGE_MAX_MB} MB and ${IMAGE_MAX_MEGAPIXELS} megapixels; a damaged image is a 422 \`Image\`. A write whose public ` +
  `text promotes online gambling is a 422 on that field naming the phrase.

**Lists.** \`page\`, \`search\`, \`limit\` (1 to ${MAX_LIMIT}; default ${ADMIN_PAGE_SIZE} in admin lists, ` +
  `${PUBLIC_PAGE_SIZE} in public ones), newest first.

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
  'Regency',
  'Documentation',
]

/** Many villages in one install (docs/api.md): the regency host's own calls, for regency accounts. */
const REGENCY_CALLS = tagged('Regency', [
  {
    method: 'get',
    path: '/api/regency/villages',
    summary: 'The villages with their figures',
    description: 'At the regency host only (404 elsewhere). `search` matches name, slug and domains.',
    permissions: [REGENCY_PERMISSION],
    query: listQuery(ADMIN_PAGE_SIZE),
    data: paginated(villageResponse, 'Village'),
  },
  {
    method: 'post',
    path: '/api/regency/villages',
    summary: 'Create a village',
    description:
      'Its own database, migrated and seeded (`demo`: the demo village; otherwise only `admin`), and `admin_reset_url`, ' +
      'a one-time link valid 7 days on its own host. Nothing is kept after any error.',
    permissions: [REGENCY_PERMISSION],
    body: { json: villageInput },
    ok: {
      status: 201,
      data: villageResponse.extend({ admin_reset_url: z.string() }).openapi('NewVillage'),
      message: 'Village created successfully!',
    },
  },
  {
    method: 'put',
    path: '/api/regency/villages/{id}',
    summary: 'Change a village: name, domains, status',
    permissions: [REGENCY_PERMISSION],
    params: idParam('village'),
    body: { json: villageChange },
    ok: { status: 200, data: villageResponse, message: 'Village updated successfully!' },
    fails: [404],
  },
  {
    method: 'get',
    path: '/api/regency/announcements',
    summary: "The regency's announcements",
    description: "Shown on every active village's site while they show, marked `Pemerintah Kabupaten`.",
    permissions: [REGENCY_PERMISSION],
    query: listQuery(ADMIN_PAGE_SIZE),
    data: paginated(Announcement, 'Announcement'),
  },
  {
    method: 'post',
    path: '/api/regency/announcements',
    summary: 'Create an announcement for every village',
    description:
      "As a village's announcement. Each village shows it at `/pengumuman/kabupaten/{id}` and in " +
      '`GET /api/public/announcements` with `source: "kabupaten"`; no village can change or delete it.',
    permissions: [REGENCY_PERMISSION],
    body: { json: AnnouncementInput },
    ok: { status: 201, data: Announcement, message: 'Announcement created successfully!' },
  },
  {
    method: 'get',
    path: '/api/regency/announcements/{id}',
    summary: "One of the regency's announcements",
    permissions: [REGENCY_PERMISSION],
    params: idParam('announcement'),
    ok: { status: 200, data: Announcement, message: 'Detail Data Announcement' },
    fails: [404],
  },
  {
    method: 'put',
    path: '/api/regency/announcements/{id}',
    summary: "Change one of the regency's announcements",
    permissions: [REGENCY_PERMISSION],
    params: idParam('announcement'),
    body: { json: AnnouncementInput },
    ok: { status: 200, data: Announcement, message: 'Announcement updated successfully!' },
    fails: [404],
  },
  {
    method: 'delete',
    path: '/api/regency/announcements/{id}',
    summary: "Delete one of the regency's announcements",
    permissions: [REGENCY_PERMISSION],
    params: idParam('announcement'),
    ok: { status: 200, data: z.null(), message: 'Announcement deleted successfully!' },
    fails: [404],
  },
  {
    method: 'get',
    path: '/api/regency/public/posts',
    summary: 'The news of every active village together (the portal)',
    description:
      'Newest first, 9 a page; `search` as on a village. Each post as `GET /api/public/posts` gives it, with its ' +
      "village and `url`, its absolute address on the village's own host.",
    permissions: null,
    query: listQuery(PUBLIC_PAGE_SIZE),
    data: paginated(
      postResponse
        .extend({
          village: z.object({ slug: z.string(), name: z.string(), url: z.string() }),
          url: z.string().openapi({ description: "The post's address on its village's host" }),
        })
        .openapi('RegencyPost'),
      'RegencyPost',
    ),
  },
  {
    method: 'get',
    path: '/api/regency/villages/{id}/export',
    summary: 'The village as a backup archive',
    description:
      'A `.tar.gz` in the format of `npm run backup` (its database, every upload, the manifest with their ' +
      'SHA-256), as `application/gzip`: `npm run restore` brings it back.',
    permissions: [REGENCY_PERMISSION],
    params: idParam('village'),
    ok: { status: 200, data: z.null(), message: 'The archive (not an envelope)' },
    fails: [404],
  },
  {
    method: 'post',
    path: '/api/regency/villages/import',
    summary: 'Create a village from a backup archive',
    description:
      'An archive of `npm run backup` (from this install with `--village`, or from a single-village install) or of ' +
      'the export, with its users, passwords, content, uploads and `site_name`. An archive that is not ours, is ' +
      'damaged or holds a PostgreSQL dump is a 422 on `File`; nothing is kept after any error.',
    permissions: [REGENCY_PERMISSION],
    body: {
      multipart: z.object({
        slug: villageInput.shape.slug,
        name: villageInput.shape.name,
        file: z.string().openapi({ type: 'string', format: 'binary', description: 'The `.tar.gz`; key `File`' }),
      }),
    },
    ok: {
      status: 201,
      data: villageResponse.extend({ url: z.string() }).openapi('ImportedVillage'),
      message: 'Village imported successfully!',
    },
    fails: [413],
  },
  {
    method: 'delete',
    path: '/api/regency/villages/{id}',
    summary: 'Delete a suspended village and everything it holds',
    permissions: [REGENCY_PERMISSION],
    params: idParam('village'),
    ok: { status: 200, data: z.null(), message: 'Village deleted successfully!' },
    fails: [404, 409],
  },
])

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
    ...Object.values(RESOURCES).flatMap(revisionCalls),
    ...INFORMATION_CALLS,
    ...publicCalls(),
    ...REGENCY_CALLS,
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
