import { CATEGORY_LABELS, STATISTIC_CATEGORIES } from '~/lib/statistics-table'
import type { ResourceName } from './permissions'
import { DOCUMENT_CLASS_LABELS, DOCUMENT_KIND_LABELS, LEGAL_STATUS_LABELS } from '~/lib/documents'
import { DOCUMENT_MAX_MB } from '~/lib/upload-limits'
import { hasFormScreens, permissionsOf, slugPath, type Column, type Field, type ResourceDeclaration } from './resource'

/**
 * The resources of the back office (their calls: docs/api.md), each declared once: what its
 * list shows, what its form holds, and from that its permissions, messages and screens (see resource.ts).
 * Adding a text field to a resource is one line in its `fields` (plus the model's schema and a migration).
 */

const image: Field = { name: 'image', label: 'Image', kind: 'image', alsoErrorKeys: ['image'] }
/**
 * The image's alt text (docs/api.md "Alt text"), right under the image; empty: the site uses the title, caption or
 * name.
 */
const imageAlt: Field = {
  name: 'image_alt',
  label: 'Teks Alternatif Gambar',
  placeholder: 'Jelaskan isi gambar untuk pembaca layar',
}
const createdAt = { header: 'Created At', field: 'created_at', format: 'date' } as const
const status = { header: 'Status', field: 'status', format: 'status' } as const
const titleColumn = { header: 'Title', field: 'title' } as const
const yearColumn = { header: 'Year', field: 'year' } as const
const locationColumn = { header: 'Location', field: 'location' } as const
const startsAtColumn = { header: 'Starts At', field: 'starts_at', format: 'datetime' } as const
const title: Field = { name: 'title', label: 'Title' }
const content: Field = { name: 'content', label: 'Content', kind: 'richtext' }
const description: Field = { name: 'description', label: 'Description', kind: 'richtext' }
/** A select among fixed choices; `labelled` makes them from a table of labels by value. */
const select = (name: string, label: string, choices: { value: string; label: string }[]): Field => ({
  name,
  label,
  kind: 'select',
  choices,
})
const labelled = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }))
/** Where a thing is on the map: both coordinates, or neither (the placeholders show the village's own). */
const coordinates = (latitude: string, longitude: string): Field[] => [
  { name: 'latitude', label: 'Latitude', placeholder: `e.g. ${latitude} (with the longitude, or neither)` },
  { name: 'longitude', label: 'Longitude', placeholder: `e.g. ${longitude}` },
]

/**
 * What a resource and its rows are called: the singular and plural of its messages and screens ("Post created
 * successfully", "Posts"), and the field that names a row ("Edit {title}").
 */
const called = (thing: string, things: string, label: string) => ({ thing, things, label })
/** Drafts and scheduled publishing: the list shows each row's state and its creation date last. */
const publishing = (...columns: Column[]) => ({ publishing: true as const, columns: [...columns, status, createdAt] })
/** As `publishing`, for a resource the public sees elsewhere than at `/{name}/{slug}`. */
const publishingAt = (publicPath: ResourceDeclaration['publicPath'], ...columns: Column[]) => ({
  ...publishing(...columns),
  publicPath,
})

/** Each declaration under its name (the key is its URL segment). */
const named = (resources: { [Name in ResourceName]: Omit<ResourceDeclaration, 'name'> }) =>
  Object.fromEntries(Object.entries(resources).map(([name, resource]) => [name, { name, ...resource }])) as {
    readonly [Name in ResourceName]: ResourceDeclaration & { name: Name }
  }

export const RESOURCES = named({
  permissions: {
    ...called('Permission', 'Permissions', 'name'),
    title: 'Permissions',
    columns: [{ header: 'Name', field: 'name' }, createdAt],
    fields: [{ name: 'name', label: 'Permission Name', create: { placeholder: 'e.g. posts-create' } }],
  },
  roles: {
    ...called('Role', 'Roles', 'name'),
    empty: 'No Role Found',
    columns: [
      { header: 'Role Name', field: 'name' },
      { header: 'Permissions Count', field: 'permissions', format: 'count' },
      createdAt,
    ],
    fields: [
      { name: 'name', label: 'Role Name' },
      {
        name: 'permission_ids',
        label: 'Permissions',
        kind: 'checkboxes',
        options: 'permissions',
        grouped: true,
        alsoErrorKeys: ['permission_ids'],
      },
    ],
    updateToastDefaultDuration: true,
  },
  users: {
    ...called('User', 'Users', 'username'),
    empty: 'No User Found',
    columns: [
      { header: 'Name', field: 'name' },
      { header: 'Email', field: 'email' },
      { header: 'Role', field: 'roles', format: 'badges' },
    ],
    fields: [
      { name: 'name', label: 'Full Name' },
      { name: 'username', label: 'Username', autoComplete: 'off', alsoErrorKeys: ['Uni_users_username'] },
      { name: 'email', label: 'Email', kind: 'email', autoComplete: 'off' },
      {
        name: 'password',
        label: 'Password',
        kind: 'password',
        autoComplete: 'new-password',
        edit: { placeholder: 'Leave blank to keep the current password' },
      },
      { name: 'role_ids', label: 'Assign Roles', kind: 'checkboxes', options: 'roles' },
    ],
  },
  categories: {
    ...called('Category', 'Categories', 'name'),
    columns: [{ header: 'Category Name', field: 'name' }, createdAt],
    fields: [{ name: 'name', label: 'Category Name' }],
  },
  posts: {
    revisions: true,
    detailRoute: '_public.posts.$slug',
    ...called('Post', 'Posts', 'title'),
    empty: 'No Post Found',
    ...publishing(
      { header: 'Post Title', field: 'title' },
      { header: 'Category', field: 'category', format: 'name' },
      { header: 'User', field: 'user', format: 'name' },
    ),
    fields: [
      image,
      imageAlt,
      {
        name: 'category_id',
        label: 'Category',
        kind: 'select',
        options: 'categories',
        none: 'Select Category',
        alsoErrorKeys: ['category_id'],
      },
      title,
      content,
    ],
  },
  pages: {
    revisions: true,
    detailRoute: '_public.pages.$slug',
    ...called('Page', 'Pages', 'title'),
    ...publishing(titleColumn),
    fields: [title, content],
  },
  products: {
    revisions: true,
    detailRoute: '_public.products.$slug',
    ...called('Product', 'Products', 'title'),
    ...publishing(
      { header: 'Product Name', field: 'title' },
      { header: 'Owner', field: 'owner' },
      { header: 'Price', field: 'price', format: 'rupiah' },
    ),
    fields: [
      image,
      imageAlt,
      title,
      content,
      { name: 'price', label: 'Price', kind: 'number' },
      { name: 'owner', label: 'Owner' },
      { name: 'phone', label: 'Phone', kind: 'tel' },
      // The create screen has a multi-line address box, the edit screen a single line.
      { name: 'address', label: 'Address', create: { kind: 'textarea' } },
      ...coordinates('-6.9122', '107.6129'),
    ],
  },
  photos: {
    ...called('Photo', 'Photos', 'caption'),
    columns: [
      { header: 'Image', field: 'image', format: 'thumbnail' },
      { header: 'Caption', field: 'caption' },
      { header: 'Description', field: 'description' },
    ],
    fields: [
      image,
      imageAlt,
      { name: 'caption', label: 'Caption' },
      { name: 'description', label: 'Description', kind: 'textarea' },
    ],
  },
  sliders: {
    ...called('Slider', 'Sliders', 'description'),
    columns: [
      { header: 'Image', field: 'image', format: 'thumbnail' },
      { header: 'Description', field: 'description' },
    ],
    fields: [image, imageAlt, { name: 'description', label: 'Description', kind: 'textarea' }],
  },
  aparaturs: {
    ...called('Aparatur', 'Aparaturs', 'name'),
    columns: [
      { header: 'Name', field: 'name' },
      { header: 'Position', field: 'position' },
    ],
    fields: [image, imageAlt, { name: 'name', label: 'Name' }, { name: 'position', label: 'Position' }, description],
  },
  // Informasi Publik and Layanan (docs/api.md "Documents and public information", "Citizen reports").
  documents: {
    revisions: true,
    detailRoute: '_public.dokumen.$slug',
    ...called('Document', 'Documents', 'title'),
    menu: 'Dokumen',
    upload: { field: 'file', maxMb: DOCUMENT_MAX_MB },
    ...publishing(
      titleColumn,
      { header: 'Number', field: 'number' },
      { header: 'Kind', field: 'kind_label' },
      { header: 'Class', field: 'class_label' },
    ),
    fields: [
      { name: 'file', label: 'File (PDF)', kind: 'file', accept: 'application/pdf,.pdf' },
      title,
      { name: 'number', label: 'Number', placeholder: 'e.g. 5 Tahun 2026' },
      select('kind', 'Kind', labelled(DOCUMENT_KIND_LABELS)),
      select('information_class', 'Information Class', labelled(DOCUMENT_CLASS_LABELS)),
      { name: 'enacted_at', label: 'Enacted At', kind: 'date' },
      select('legal_status', 'Legal Status', labelled(LEGAL_STATUS_LABELS)),
      { name: 'replaced_by_id', label: 'Replaced By (document id)', placeholder: 'e.g. 12' },
      description,
    ],
  },
  reports: {
    ...called('Report', 'Reports', 'ticket'),
    title: 'Laporan Warga',
    menu: 'Laporan Warga',
    empty: 'No Report Found',
    columns: [
      { header: 'Ticket', field: 'ticket' },
      { header: 'Subject', field: 'subject' },
      { header: 'Status', field: 'status' },
      createdAt,
    ],
    // Staff change only the status and the public switch (JSON); the citizen's text is never edited.
    fields: [],
  },
  // Village information and services (docs/api.md): the budget (APBDes) and the development projects.
  budgets: {
    ...called('Budget', 'Budgets', 'year'),
    menu: 'APBDes',
    ...publishingAt(
      (record) => (record.year ? `/apbdes/${record.year}` : undefined),
      yearColumn,
      { header: 'Regulation Number', field: 'regulation_number' },
      { header: 'Pendapatan', field: 'totals.pendapatan.amount', format: 'rupiah' },
      { header: 'Belanja', field: 'totals.belanja.amount', format: 'rupiah' },
    ),
    fields: [
      { name: 'year', label: 'Year', kind: 'number', placeholder: 'e.g. 2026' },
      { name: 'regulation_number', label: 'Regulation Number', placeholder: 'e.g. Perdes No. 1 Tahun 2026' },
      { name: 'items', label: 'Rincian APBDes', kind: 'budget-lines' },
    ],
  },
  developments: {
    revisions: true,
    detailRoute: '_public.pembangunan.$slug',
    ...called('Development', 'Developments', 'title'),
    menu: 'Pembangunan',
    ...publishingAt(
      slugPath('/pembangunan'),
      titleColumn,
      locationColumn,
      yearColumn,
      { header: 'Budget', field: 'budget', format: 'rupiah' },
      { header: 'Progress', field: 'progress', format: 'percent' },
    ),
    fields: [
      image,
      imageAlt,
      title,
      description,
      { name: 'location', label: 'Location', placeholder: 'e.g. Dusun Krajan RT 02/RW 01' },
      ...coordinates('-6.9175', '107.6191'),
      { name: 'year', label: 'Year', kind: 'number', placeholder: 'e.g. 2026' },
      { name: 'budget', label: 'Budget (Rp)', placeholder: 'e.g. 1.250.000.000' },
      { name: 'funding_source', label: 'Funding Source', placeholder: 'e.g. Dana Desa' },
      { name: 'implementer', label: 'Implementer', placeholder: 'e.g. TPK Desa' },
      { name: 'volume', label: 'Volume', placeholder: 'e.g. 800 m x 3 m' },
      { name: 'start_date', label: 'Start Date', kind: 'date' },
      { name: 'end_date', label: 'End Date', kind: 'date' },
      { name: 'progress', label: 'Progress (%)', kind: 'number', placeholder: '0 to 100' },
    ],
  },
  // Village information (docs/api.md "Agenda", "Announcements", "Village statistics").
  events: {
    revisions: true,
    detailRoute: '_public.agenda.$slug',
    ...called('Event', 'Events', 'title'),
    ...publishingAt(slugPath('/agenda'), titleColumn, startsAtColumn, locationColumn),
    fields: [
      title,
      image,
      imageAlt,
      { name: 'all_day', label: 'All Day (a date without a time)', kind: 'checkbox' },
      { name: 'starts_at', label: 'Starts At', kind: 'datetime', dateWhen: 'all_day' },
      { name: 'ends_at', label: 'Ends At (optional)', kind: 'datetime', dateWhen: 'all_day' },
      { name: 'location', label: 'Location' },
      ...coordinates('-6.9128', '107.6172'),
      { name: 'organizer', label: 'Organizer' },
      description,
    ],
  },
  announcements: {
    ...called('Announcement', 'Announcements', 'title'),
    columns: [titleColumn, startsAtColumn, { header: 'Ends At', field: 'ends_at', format: 'datetime' }, createdAt],
    fields: [
      title,
      { name: 'starts_at', label: 'Starts At', kind: 'datetime' },
      { name: 'ends_at', label: 'Ends At (empty: no end)', kind: 'datetime' },
      content,
    ],
  },
  statistics: {
    ...called('Statistic', 'Statistics', 'title'),
    ...publishingAt(
      slugPath('/statistik'),
      titleColumn,
      { header: 'Category', field: 'category', format: 'choice' },
      yearColumn,
    ),
    fields: [
      title,
      select(
        'category',
        'Category',
        STATISTIC_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] })),
      ),
      { name: 'year', label: 'Year', kind: 'number' },
      { name: 'unit', label: 'Unit', placeholder: 'e.g. jiwa, orang, KK' },
      { name: 'source', label: 'Source', placeholder: 'e.g. Profil Desa 2026' },
      select('chart', 'Chart', labelled({ bar: 'Bars', pie: 'Pie (one column whose rows are parts of a whole)' })),
      { name: 'rows', label: 'Table', kind: 'statistics', alsoErrorKeys: ['Columns', 'Label_column', 'Csv'] },
    ],
  },
})

/** The declaration named `name` (a URL segment), or undefined. */
const findDeclaration = (name: string | undefined): ResourceDeclaration | undefined =>
  name !== undefined && Object.hasOwn(RESOURCES, name) ? RESOURCES[name as ResourceName] : undefined

/**
 * The permissions that also open `/api/admin/{name}/all`: the create and edit permissions of every resource
 * whose form chooses among its rows (roles/all for the user form, permissions/all for the role form, ...).
 */
export const allAlsoFor = (name: ResourceName) =>
  Object.values(RESOURCES)
    .filter((resource) => resource.fields.some((field) => field.options === name))
    .flatMap((resource) => [permissionsOf(resource).create ?? [], permissionsOf(resource).edit ?? []].flat())

/**
 * The resource of an admin screen's address `/admin/{name}` (`form`: `/admin/{name}/create` or `/edit/{id}`),
 * or undefined where there is no such screen: an unknown name, or a form of photos or sliders. Route
 * matching ignores case, so `/admin/Posts` is the posts list.
 */
export function screenResource(name: string | undefined, form: boolean): ResourceDeclaration | undefined {
  const resource = findDeclaration(name?.toLowerCase())
  return resource && !(form && !hasFormScreens(resource)) ? resource : undefined
}

/** Whether the admin address `pathname`, whose route matched the resource `name`, is one of its screens. */
export const isResourceScreen = (pathname: string, name: string) =>
  !!screenResource(name, pathname.split('/').filter(Boolean).length > 2)

/**
 * An address such as /admin/tidak-ada or /admin/photos/create matches the resource screens' routes but is no
 * screen: like any unknown address it is the 404 of the root, for everyone (no login asked).
 */
export const unknownScreen = (pathname: string, params: { resource?: string }) =>
  params.resource !== undefined && !isResourceScreen(pathname, params.resource)
