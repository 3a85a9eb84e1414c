import { type ZodTypeAny } from 'zod'
import { at, type Status } from './declare.server'
import { responseTime, z } from '~/utils/response-shape.server'
import { credentials } from '~/auth/login.server'
import { aparaturResponse as Aparatur, schema as aparaturInput } from '~/models/village-info/aparatur.server'
import { documentResponse, schema as documentInput } from '~/models/village-info/document.server'
import {
  fileSchema as reportFileInput,
  filedReportResponse,
  publicReportResponse,
  reportResponse,
  responseSchema as reportResponseInput,
  updateSchema as reportUpdateInput,
} from '~/models/citizen-services/report.server'
import { categoryResponse as Category, schema as categoryInput } from '~/models/content/category.server'
import { pageResponse as Page, schema as pageInput } from '~/models/content/page.server'
import { permissionResponse as Permission, schema as permissionInput } from '~/models/accounts/permission.server'
import { photoResponse as Photo, schema as photoInput } from '~/models/content/photo.server'
import { postResponse, postResponse as Post, schema as postInput } from '~/models/content/post.server'
import { productResponse as Product, schema as productInput } from '~/models/content/product.server'
import { roleResponse as Role, schema as roleInput } from '~/models/accounts/role.server'
import { sliderResponse as Slider, schema as sliderInput } from '~/models/content/slider.server'
import { activityResponse as Activity } from '~/models/accounts/activity.server'
import { REGENCY_PERMISSION, villageChange, villageInput, villageResponse } from '~/models/regency/regency.server'
import { CAMAT_PERMISSION, regencyUserInput, regencyUserResponse } from '~/models/regency/regency-users.server'
import { figuresResponse } from '~/models/regency/regency-figures.server'
import { REVISIONS_KEPT, revisionDetailResponse, revisionResponse } from '~/models/content/revision.server'
import { dashboardResponse as Dashboard } from '~/models/site/dashboard.server'
import { sessionResponse as Session } from '~/models/accounts/device-session.server'
import {
  adminSettingsResponse as AdminSettings,
  schema as settingsInput,
  settingsResponse as Settings,
} from '~/models/site/settings.server'
import {
  announcementResponse as Announcement,
  schema as announcementInput,
  publicAnnouncementResponse as PublicAnnouncement,
} from '~/models/content/announcement.server'
import { eventResponse as Event, schema as eventInput } from '~/models/content/event.server'
import {
  datasetRowResponse as DatasetRow,
  schema as statisticInput,
  statisticResponse as Statistic,
} from '~/models/village-info/statistic.server'
import {
  budgetResponse as Budget,
  budgetYearResponse as BudgetYear,
  publicBudgetResponse as PublicBudget,
  schema as budgetInput,
} from '~/models/village-info/budget.server'
import {
  developmentPhotoResponse as DevelopmentPhoto,
  developmentResponse as Development,
  photoSchema as developmentPhotoInput,
  schema as developmentInput,
} from '~/models/village-info/development.server'
import {
  createSchema as userCreateInput,
  ownProfileSchema,
  profileResponse,
  passwordChangeSchema,
  updateSchema as userUpdateInput,
  userResponse as User,
} from '~/models/accounts/user.server'
import {
  letterTypeResponse as LetterType,
  letterTypeSchema as LetterTypeInput,
  publicLetterTypeResponse as PublicLetterType,
} from '~/models/citizen-services/letter-type.server'
import {
  filedLetterRequestResponse as FiledLetterRequest,
  letterRequestListItem as LetterRequestListItem,
  letterRequestResponse as LetterRequest,
  trackedLetterRequestResponse as TrackedLetterRequest,
  updateLetterRequestSchema as LetterRequestUpdate,
} from '~/models/citizen-services/letter-request.server'
import { letterResponse as Letter, revokeSchema as LetterRevoke } from '~/models/citizen-services/letter.server'
import { letterVerificationResponse as LetterVerification } from '~/models/citizen-services/letter-verification.server'
import { MAX_LIMIT } from '~/lib/paging'
import { MAX_COLUMNS, MAX_ROWS } from '~/lib/statistics-table'
import { RESOURCES } from '~/resources'
import { findResource } from '~/models/site/resources.server'
import { BUDGET_TYPES, MAX_AMOUNT, MAX_BUDGET_LINES } from '~/lib/budget-totals'
import { type ResourceName } from '~/resources/permissions'
import { bodyOf, permissionsOf, uploadOf, type ResourceDeclaration } from '~/resources/resource'
import { REPORT_KINDS, REPORT_STATUSES } from '~/lib/reports'
import { DOCUMENT_MAX_MB, IMAGE_MAX_MB } from '~/lib/upload-limits'
import {
  featureInputSchema,
  importResponse,
  layerInput,
  mapFeatureResponse,
  mapLayerListItem,
  mapLayerResponse,
  publicMapResponse,
} from '~/models/village-info/map.server'

// `declare` as the door of the public lists and the unit test name it here (its home: ./declare.server.ts).
export { declare, type Operation } from './declare.server'

// The schemas and names of the layers below that the routes declare their operations with (a route imports no
// model: its handlers come from its door, its declarations from here).
export {
  z,
  Permission,
  Role,
  User,
  Category,
  Post,
  Page,
  Product,
  Photo,
  Slider,
  Aparatur,
  Event,
  Announcement,
  PublicAnnouncement,
  DatasetRow,
  Statistic,
  Budget,
  PublicBudget,
  BudgetYear,
  Development,
  DevelopmentPhoto,
  LetterType,
  PublicLetterType,
  LetterTypeInput,
  LetterRequest,
  LetterRequestListItem,
  TrackedLetterRequest,
  FiledLetterRequest,
  LetterRequestUpdate,
  Letter,
  LetterRevoke,
  Dashboard,
  Settings,
  AdminSettings,
  Session,
  Activity,
  LetterVerification,
  credentials,
  REGENCY_PERMISSION,
  CAMAT_PERMISSION,
  regencyUserInput,
  regencyUserResponse,
  figuresResponse,
  villageChange,
  villageInput,
  villageResponse,
  REVISIONS_KEPT,
  revisionResponse,
  revisionDetailResponse,
  documentResponse,
  reportFileInput,
  filedReportResponse,
  publicReportResponse,
  reportResponse,
  reportResponseInput,
  ownProfileSchema,
  passwordChangeSchema,
  developmentPhotoInput,
  postResponse,
  mapLayerResponse,
  mapLayerListItem,
  mapFeatureResponse,
  publicMapResponse,
  importResponse,
  layerInput,
  featureInputSchema,
}

/**
 * The pieces the API routes declare their operations with (`declare`, below): the shared schemas of the answers and
 * of the bodies beyond the models' own, and the shape of one operation. The document is assembled from the routes'
 * declarations in app/openapi/api-document.server.ts.
 */

// ---------------------------------------------------------------------------------------------------------------
// Shared pieces: dates, the envelope, errors, paging

export const dateTime = responseTime

export const FieldErrors = z.record(z.string()).openapi('FieldErrors', {
  description:
    'One English message per field, keyed by the field (`Name`, `Username`, `Email`, `Password`, ' +
    '`Permission_ids`, `Title`, `Content`, `CategoryID`, `Image`, `Price`, `Owner`, `Phone`, `Address`, ' +
    '`Position`, `Description`, `Caption`; `Error` for a failed login).',
  example: { Title: 'Title is required' },
})

export const Failure = z
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
export const success = (data: ZodTypeAny, message: string) =>
  z
    .object({
      success: z.literal(true),
      message: message ? z.string().openapi({ example: message }) : z.string(),
      data,
    })
    .strict()

export const PageLink = z
  .object({ url: z.string().nullable(), label: z.string(), active: z.boolean() })
  .strict()
  .openapi('PageLink')

/** One page of a list (docs/api.md "Lists"). */
export const paginated = (item: ZodTypeAny, name: string) =>
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

export const listParams = (defaultLimit: number) =>
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

export const imageFile = () =>
  z.any().openapi({
    type: 'string',
    format: 'binary',
    description: `JPEG, PNG, GIF or WebP, judged by content; at most ${IMAGE_MAX_MB} MB.`,
  })

// ---------------------------------------------------------------------------------------------------------------
// The items (docs/api.md "Items"), and the fields "Beyond the original client" adds to them

export const status = () =>
  z
    .enum(['draft', 'published'])
    .openapi({ description: 'Drafts and scheduled publishing (beyond the original client).' })
export const imageAlt = () =>
  z.string().max(250).openapi({
    description: "The image's alt text (beyond the original client); empty falls back to the title, caption or name.",
  })

// The answers' shapes are the models' own (app/utils/response-shape.server.ts): named here for the document.

// Village information and services (docs/api.md): documents and citizens' reports.
export const pdfFile = () =>
  z.any().openapi({
    type: 'string',
    format: 'binary',
    description: `A PDF judged by its content (starts with \`%PDF-\`, parses as a PDF); at most ${DOCUMENT_MAX_MB} MB (413 on \`File\`).`,
  })
export const reportKind = () => z.enum(REPORT_KINDS)
export const reportStatus = () => z.enum(REPORT_STATUSES)

// Village information (docs/api.md "Agenda", "Announcements", "Village statistics")

/** What the writes of the village information take, described beyond their models' schemas. */
export const timeInput = (key: string, text: string) =>
  z
    .string()
    .nullable()
    .optional()
    .openapi({ description: `${text} Error key \`${key}\`.` })
export const EventInput = withFields(eventInput, {
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
export const AnnouncementInput = withFields(announcementInput, {
  starts_at: timeInput(
    'Starts_at',
    'Required. ISO 8601 with a zone, or `YYYY-MM-DDTHH:mm` in `TZ`, or a date (from the start of that day in `TZ`).',
  ),
  ends_at: timeInput(
    'Ends_at',
    'As `starts_at` (a date: until the end of that day); null: no end; not before the start.',
  ),
})
export const StatisticInput = withFields(statisticInput, {
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

export const rupiahInput = () =>
  z.number().int().min(0).max(MAX_AMOUNT).openapi({ description: 'Whole rupiah, 0 to 10^15' })
export const BudgetLineInput = z
  .object({
    type: z.enum(BUDGET_TYPES),
    group: z.string().max(255).optional(),
    name: z.string().min(1).max(255),
    amount: rupiahInput(),
    realized: rupiahInput().optional().openapi({ description: 'Defaults to 0.' }),
  })
  .openapi('BudgetLineInput')
export const budgetLinesInput = z
  .array(BudgetLineInput)
  .max(MAX_BUDGET_LINES)
  .optional()
  .openapi({
    description:
      `At most ${MAX_BUDGET_LINES} lines; PUT replaces every line (without \`items\` the lines stay). Error key ` +
      `\`Items\`, naming the 1-based line: \`Line 3: amount must be a whole number >= 0\`.`,
  })

export const ITEMS: Record<ResourceName, ZodTypeAny> = {
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
export const beyondInput = (name: ResourceName) => ({
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

export const INPUTS: Record<ResourceName, { create: ZodTypeAny; update?: ZodTypeAny }> = {
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
export function withFields(schema: ZodTypeAny, fields: Record<string, ZodTypeAny>): ZodTypeAny {
  if (schema instanceof z.ZodObject) return schema.extend(fields)
  if (schema instanceof z.ZodEffects) return withFields(schema.innerType(), fields)
  throw new Error('withFields: not an object schema')
}

export const Login = z
  .object({
    ...profileResponse,
    permissions: z
      .record(z.literal(true))
      .openapi({ description: 'Permission name -> true', example: { 'posts-create': true } }),
    token: z.string().openapi({ description: 'Send as `Authorization: Bearer <token>`' }),
  })
  .openapi('Login')

// Letters (docs/api.md "Letters").
/** A letter request's fields (multipart; JSON without attachments). */
export const letterRequestInput = (withType: boolean) =>
  z.object({
    ...(withType
      ? { letter_type: z.string().openapi({ description: "An active type's slug; key `Letter_type`" }) }
      : {}),
    name: z.string().openapi({ description: 'Key `Name`' }),
    nik: z.string().openapi({
      description: "16 digits, the 7th-12th a date DDMMYY (a woman's day plus 40), not all one digit; key `Nik`",
    }),
    phone: z.string().optional().openapi({ description: 'Phone or email required; key `Contact`' }),
    email: z.string().optional().openapi({ description: 'Key `Contact`' }),
    data: z
      .string()
      .openapi({ description: "A JSON object: a value for each of the type's fields; keys `Data_<key>`" }),
    attachments: z
      .array(z.string().openapi({ format: 'binary' }))
      .optional()
      .openapi({ description: `Up to 5 pictures or PDFs of ${IMAGE_MAX_MB} MB each; key \`Attachments\`` }),
    website: z.string().optional().openapi({ description: 'Honeypot: leave empty' }),
  })
export const WalkInLetterInput = z.object({
  letter_type: z.string().openapi({ description: "A type's slug; key `Letter_type`" }),
  name: z.string(),
  nik: z.string(),
  data: z.record(z.string()),
})

// ---------------------------------------------------------------------------------------------------------------
// Beyond the original client (docs/api.md, to the letter)

export const SettingsInput = withFields(settingsInput, {
  logo: imageFile().optional().openapi({ description: 'An optional image (error key `Logo`, as any upload).' }),
  remove_logo: z.enum(['1']).optional().openapi({ description: '`1` drops the logo.' }),
})
/** Without a new logo the settings may also come as JSON. */
export const SettingsJsonInput = withFields(settingsInput, {
  remove_logo: z
    .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['1', '0'])])
    .nullable()
    .optional()
    .openapi({
      description: '`true` or `1` drops the logo; `false`, `0` or nothing keeps it. Error key `Remove_logo`.',
    }),
})
export const Me = Login.omit({ token: true }).extend({ two_factor_enabled: z.boolean() }).openapi('Me')
export const passwordChange = {
  password: z.string().openapi({ description: '8 to 72 bytes; error key `Password`.' }),
  password_confirmation: z
    .string()
    .openapi({ description: 'Must equal `password`; error key `Password_confirmation`.' }),
}

/** A PDF waits its turn for the worker, in a line of PDF_QUEUE_MAX (app/utils/pdf.server.ts; decision 065). */
export const pdfLine = (file: boolean): Status[] => (file ? [503] : [])

export const idParam = (thing: string) =>
  z.object({ id: z.string().openapi({ description: `The ${thing}'s id`, example: '1' }) })

/**
 * The body of a declared resource's create or update: its schema with the fields "Beyond the original client", as
 * JSON, and as multipart with its file (`image`, or a document's PDF `file`) when the resource takes one.
 */
export function resourceBody(resource: ResourceDeclaration, schema: ZodTypeAny, fileRequired = false) {
  const input = withFields(schema, beyondInput(resource.name))
  const upload = uploadOf(resource)
  const file = upload.field === 'file' ? pdfFile() : imageFile()
  return bodyOf(resource) === 'multipart'
    ? {
        ...(fileRequired ? {} : { json: input }),
        multipart: withFields(input, { [upload.field]: fileRequired ? file : file.optional() }),
      }
    : { json: input }
}

/** The resources the generic public routes read (`/api/public/{name}`), with what their search matches. */
export const PUBLIC_LISTS: [name: string, thing: string, things: string, item: ZodTypeAny, search: string][] = [
  ['pages', 'Page', 'Pages', Page, 'title, content'],
  ['aparaturs', 'Aparatur', 'Aparaturs', Aparatur, 'name, position'],
  ['posts', 'Post', 'Posts', Post, 'title'],
  ['products', 'Product', 'Products', Product, 'title, owner'],
  ['photos', 'Photo', 'Photos', Photo, 'caption, description'],
]

/**
 * What every revision call of a resource shares: the item's path and its id, a revision's id, and who may call
 * (those who may update the item).
 */
export function revisionCalls(resource: ResourceDeclaration) {
  const params = idParam(resource.thing.toLowerCase())
  return {
    path: `/api/admin/${resource.name}/{id}`,
    thing: resource.thing.toLowerCase(),
    editors: permissionsOf(resource).update!,
    item: at(params),
    revision: at(params.extend({ rev: z.string().openapi({ description: "The revision's id", example: '1' }) })),
  }
}

/** The declared resources that keep revisions and give preview links. */
export const revisedResources = () => Object.values(RESOURCES).filter((resource) => resource.revisions)

/** The declared resources whose model gives every row (`GET /api/admin/{name}/all`). */
export const resourcesWithAll = () => Object.values(RESOURCES).filter((resource) => findResource(resource.name)?.all)

/** Whether a resource refuses some records a preview link (app/models/site/resources.server.ts `previewRefusal`). */
export const refusesPreviews = (resource: ResourceDeclaration) => !!findResource(resource.name)?.previewRefusal

/** What verifying a letter answers, by code or by file (docs/api.md "Letters", verification). */
