import { LINE_FIELDS } from '~/lib/budget-totals'
import { errorKey } from '~/lib/error-keys'
import { uploadUrl, type UploadKind } from '~/lib/upload-urls'
import { IMAGE_MAX_MB } from '~/lib/upload-limits'
import {
  permissionOf,
  REPORT_RESOURCES,
  UPLOAD_ONLY_RESOURCES,
  type PermissionName,
  type ResourceName,
} from './permissions'

/**
 * What one resource of the back office is, declared once (app/resources/index.ts) and read by both doors:
 * the REST API (app/routes/api.admin.*) and the admin screens (app/routes/admin.$resource.*). Plain data,
 * so the browser can read it too; the model functions that serve it are in app/models/site/resources.server.ts.
 */
export type ResourceDeclaration = {
  /** URL segment (`/admin/posts`, `/api/admin/posts`), permission prefix, and upload folder of its images. */
  name: ResourceName
  /** Singular, capitalised, for messages: "Post created successfully", "Post not found". */
  thing: string
  /** Plural: "List Data Posts", "Manage Posts", the sidebar entry. */
  things: string
  /** The list screen's title when it is not "Manage {things}". */
  title?: string
  /** The admin sidebar's entry when it is not `things` ("Dokumen", "Laporan Warga"). */
  menu?: string
  /** The empty list's title when it is not "No {things} Found" (a few lists say it in the singular). */
  empty?: string
  /** The field that names a row for its edit and delete buttons ("Edit {title}"). */
  label: string
  columns: Column[]
  /** The form of the create and edit screens (or of the upload form), top to bottom. */
  fields: Field[]
  /** The role-update toast keeps the toaster's default duration instead of 3 s. */
  updateToastDefaultDuration?: true
  /**
   * Drafts and scheduled publishing (posts, pages, products): the form's publish buttons and time, the list's
   * status filter (a `status` column shows the state).
   */
  publishing?: true
  /**
   * Revisions and a preview link (docs/api.md "Revisions and preview links"): every update keeps the record's fields
   * as they were, the edit screen offers `Riwayat` and `Bagikan Pratinjau` (app/models/content/revision.server.ts).
   */
  revisions?: true
  /**
   * The public detail screen of a record at `{slug}`, as its route file in app/routes without `.tsx`
   * (`_public.posts.$slug`). With `revisions`, the same screen, run by its own loader, shows the item of a preview
   * link (app/doors/content/preview.server.ts): every resource with `revisions` names one (tests/api/revisions.test.ts).
   */
  detailRoute?: `_public.${string}.$slug`
  /**
   * The field that holds the uploaded file of a multipart write when it is not `image` (a document's PDF, `file`),
   * and its size limit in MB.
   */
  upload?: { field: string; maxMb: number }
  /**
   * Where the public sees a record (the publish controls' "Lihat di situs") when it is not `/{name}/{slug}`:
   * `/agenda/{slug}`, `/apbdes/{year}`.
   */
  publicPath?: (record: Row) => string | undefined
}

/**
 * How a list cell shows its field: as it is (`text`, the default), a long Indonesian date, rupiah, the `name`
 * of a related record ("-" without one), how many a list holds, each name of a list as a badge, a thumbnail, or
 * the publishing state of the row (Draf / Terjadwal / Terbit); `datetime` a date with its time (WIB), `choice` the
 * label of a select's fixed choice (the field of the same name).
 */
export type ColumnFormat =
  'text' | 'date' | 'datetime' | 'rupiah' | 'name' | 'count' | 'badges' | 'thumbnail' | 'status' | 'choice' | 'percent'

/** `field` may name a value inside the row's objects: `totals.pendapatan.amount`. */
export type Column = { header: string; field: string; format?: ColumnFormat }

/** The value of a column's `field` in a row (`a.b.c` reads inside nested objects). */
export const cellValue = (row: Row, field: string): unknown =>
  field
    .split('.')
    .reduce<unknown>(
      (value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined),
      row,
    )

/**
 * `date`: a date input (`YYYY-MM-DD`). `budget-lines`: the rows of a budget's lines
 * (components/village-info/budget-lines.tsx), sent as repeated fields `{name}.type`, `{name}.group`... which the door turns
 * back into a list (linesOfForm).
 */
export type FieldKind =
  | 'text'
  | 'email'
  | 'password'
  | 'number'
  | 'tel'
  | 'textarea'
  | 'richtext'
  | 'image'
  | 'select'
  | 'checkboxes'
  | 'date'
  | 'file'
  // A date and time in the village's time zone (`TZ`; a date alone while the checkbox `dateWhen` is ticked), a
  // checkbox sending 1 or 0, and the statistics' table editor (columns, rows and "Tempel CSV").
  | 'datetime'
  | 'checkbox'
  | 'statistics'
  | 'budget-lines'

type FieldLook = {
  /** `text` when not given. */
  kind?: FieldKind
  placeholder?: string
  autoComplete?: string
}

export type Field = FieldLook & {
  /** The input's name: the model's input key, and the record's field that prefills it on edit. */
  name: string
  label: string
  /** Other error keys the form also reads under this field, after its own (errorKey in app/lib/error-keys.ts). */
  alsoErrorKeys?: readonly string[]
  /**
   * A select's or checkboxes' choices: every row of that resource (its `all`, by name). Checkboxes are
   * checked on edit from the record's field of that name (a role's `permissions`, a user's `roles`).
   */
  options?: ResourceName
  /** A select's first choice, value 0 ("Select Category"). */
  none?: string
  /** A select's fixed choices (value and label), instead of the rows of another resource. */
  choices?: readonly { value: string; label: string }[]
  /** A file input's accepted types (`application/pdf`). */
  accept?: string
  /** A `datetime` that takes a date alone while the checkbox of this name is ticked (an all-day event). */
  dateWhen?: string
  /** Checkboxes grouped by the part of their name before the first hyphen, in a scrolling box. */
  grouped?: true
  /** Differences on the create or the edit screen (the product's address box, the user password hint). */
  create?: FieldLook
  edit?: FieldLook
}

export type FormMode = 'create' | 'edit'

/** A row of a list or the record of an edit form, as the model returns it. */
export type Row = { id: number; [field: string]: unknown }

export type Choice = { id: number; name: string }

/** What a create or edit screen loads: the record (edit only) and the choices of its fields, by resource name. */
export type FormLoad = {
  record: Row | null
  choices: Record<string, Choice[]>
  /**
   * Resources with publishing or times (`datetime` fields): the village's time zone (`TZ`) and the server's time (ms)
   * the state is judged at.
   */
  timeZone?: string
  now?: number
  /** A create screen's starting values (a budget copied into the next year), or null. */
  template?: Row | null
}

/** Photos and sliders: uploaded from a form above their list, never edited (no create or edit screen). */
/** A `publicPath` of records shown at `{prefix}/{slug}`. */
export const slugPath = (prefix: string) => (record: Row) =>
  record.slug ? `${prefix}/${encodeURIComponent(String(record.slug))}` : undefined

export const isUploadOnly = (resource: ResourceDeclaration) =>
  (UPLOAD_ONLY_RESOURCES as readonly ResourceName[]).includes(resource.name)

/** Citizens' reports: filed by the public, read and answered in their own screens (no create or edit form). */
export const isReportInbox = (resource: ResourceDeclaration) =>
  (REPORT_RESOURCES as readonly ResourceName[]).includes(resource.name)

/** Whether the resource has `/admin/{name}/create` and `/admin/{name}/edit/{id}`. */
export const hasFormScreens = (resource: ResourceDeclaration) => !isUploadOnly(resource) && !isReportInbox(resource)

/** The resources whose records the public site shows. */
const PUBLIC_RESOURCES: readonly ResourceName[] = [
  'categories',
  'posts',
  'pages',
  'products',
  'photos',
  'sliders',
  'aparaturs',
  'documents',
  'events',
  'announcements',
  'statistics',
  'budgets',
  'developments',
]
const TEXT_KINDS: readonly FieldKind[] = ['text', 'textarea', 'richtext', 'tel', 'email']
/** A back-office record's fields the public reads all the same: a user's name is shown as the author of their posts. */
const PUBLIC_FIELDS_OF_STAFF_RECORDS: Partial<Record<ResourceName, readonly string[]>> = { users: ['name'] }

/**
 * The fields of a resource whose text the public reads (titles, content, names, captions, descriptions, every
 * product field but the price, a user's name): what the gambling spam guard judges (app/models/citizen-services/spam.server.ts). A
 * text field added to a public resource is guarded without more ado.
 */
export const publicTextFieldsOf = (resource: ResourceDeclaration): string[] =>
  PUBLIC_RESOURCES.includes(resource.name)
    ? resource.fields.flatMap((field) =>
        // A statistics table's text: its labels and column names, as sent or pasted.
        field.kind === 'statistics'
          ? [field.name, ...STATISTICS_TEXT]
          : [field.kind ?? 'text', field.create?.kind, field.edit?.kind].some(
                (kind) => kind && TEXT_KINDS.includes(kind),
              )
            ? [field.name]
            : [],
      )
    : [...(PUBLIC_FIELDS_OF_STAFF_RECORDS[resource.name] ?? [])]

/** The input besides `rows` that the statistics table editor sends (app/models/village-info/statistic.server.ts). */
const STATISTICS_TEXT = ['columns', 'label_column', 'csv']

/** The field as one screen shows it. */
export const fieldOn = (field: Field, mode: FormMode): Field => ({ ...field, ...field[mode] })

/** The keys of the errors shown under a field, the first present wins. */
export const errorKeysOf = (field: Field) => [errorKey(field.name), ...(field.alsoErrorKeys ?? [])]

/** Where a row's image is served: a resource keeps its images under its own name (core/upload-kinds.js). */
export const imageUrlOf = (resource: ResourceDeclaration, image: unknown) =>
  uploadUrl(resource.name as UploadKind, typeof image === 'string' ? image : null)

/** Whether the forms of a resource show times in the village's time zone (publishing, `datetime` fields). */
export const usesTimeZone = (resource: ResourceDeclaration) =>
  !!resource.publishing || resource.fields.some((field) => field.kind === 'datetime')

/** A resource with a file field takes multipart bodies (API and forms); the others JSON or plain forms. */
export const bodyOf = (resource: ResourceDeclaration): 'json' | 'multipart' =>
  resource.fields.some((field) => field.kind === 'image' || field.kind === 'file') ? 'multipart' : 'json'

/** The multipart field that carries a resource's file (`image` unless declared), and its size limit in MB. */
export const uploadOf = (resource: ResourceDeclaration) => resource.upload ?? { field: 'image', maxMb: IMAGE_MAX_MB }

/**
 * The form fields sent repeated, which the form reader keeps as lists: id lists (checkboxes), and each column of a
 * field of lines (`items.type`, `items.amount`...).
 */
export const listFieldsOf = (resource: ResourceDeclaration) =>
  resource.fields.flatMap((field) =>
    field.kind === 'checkboxes'
      ? [field.name]
      : field.kind === 'budget-lines'
        ? LINE_FIELDS.map((column) => `${field.name}.${column}`)
        : [],
  )

/**
 * A form's lines as the API sends them: the repeated columns of each field of lines (`items.type`, `items.name`...)
 * zipped into one list of objects under the field's name (`items`), in the order the form had them. The values stay
 * the text typed; the model reads them.
 */
export function linesOfForm(resource: ResourceDeclaration, input: Record<string, unknown>): Record<string, unknown> {
  const fields = resource.fields.filter((field) => field.kind === 'budget-lines')
  if (!fields.length) return input
  const result = { ...input }
  for (const { name } of fields) {
    const columns = LINE_FIELDS.map((column) => {
      const values = result[`${name}.${column}`]
      delete result[`${name}.${column}`]
      return Array.isArray(values) ? values : values === undefined ? [] : [values]
    })
    const count = Math.max(...columns.map((values) => values.length))
    result[name] = Array.from({ length: count }, (_, row) =>
      Object.fromEntries(LINE_FIELDS.map((column, at) => [column, columns[at][row] ?? ''])),
    )
  }
  return result
}

/** The permissions of docs/api.md "Permissions per call", which the admin screens follow too. */
export function permissionsOf(resource: ResourceDeclaration) {
  const name = resource.name
  const editable = !isUploadOnly(resource)
  // Reports: index, show, update and delete only (docs/api.md "Citizen reports").
  if (isReportInbox(resource))
    return {
      index: permissionOf(name, 'index'),
      create: null,
      delete: permissionOf(name, 'delete'),
      edit: null,
      show: [permissionOf(name, 'show')],
      update: [permissionOf(name, 'update')],
    } satisfies Record<string, PermissionName | PermissionName[] | null>
  return {
    index: permissionOf(name, 'index'),
    create: permissionOf(name, 'create') as PermissionName | null,
    delete: permissionOf(name, 'delete'),
    edit: editable ? permissionOf(name, 'edit') : null,
    show: editable ? [permissionOf(name, 'show'), permissionOf(name, 'edit')] : null,
    update: editable ? [permissionOf(name, 'update'), permissionOf(name, 'edit')] : null,
  } satisfies Record<string, PermissionName | PermissionName[] | null>
}

export type WriteEvent = 'created' | 'updated' | 'deleted'

/** The API's message of a write, "Post created successfully" ("Photo uploaded successfully"). */
export const writeMessage = (resource: ResourceDeclaration, event: WriteEvent) =>
  `${resource.thing} ${event === 'created' && isUploadOnly(resource) ? 'uploaded' : event} successfully`

/** The admin's toast of the same write: the API's message and "!". */
export const writeToast = (resource: ResourceDeclaration, event: WriteEvent) => `${writeMessage(resource, event)}!`

/** "post": the delete question and the delete failure name the thing in lower case. */
export const lowerThing = (resource: ResourceDeclaration) => resource.thing.toLowerCase()

export const listTitle = (resource: ResourceDeclaration) => resource.title ?? `Manage ${resource.things}`
export const emptyTitle = (resource: ResourceDeclaration) => resource.empty ?? `No ${resource.things} Found`
export const addLabel = (resource: ResourceDeclaration) =>
  `${isUploadOnly(resource) ? 'Upload a New' : 'Add New'} ${resource.thing}`
export const formTitle = (resource: ResourceDeclaration, mode: FormMode) =>
  `${mode === 'create' ? 'Create' : 'Edit'} ${resource.thing}`
