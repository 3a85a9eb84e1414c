import { CATEGORY_LABELS, STATISTIC_CATEGORIES } from '~/lib/statistics-table'
import type { ResourceName } from './permissions'
import { DOCUMENT_CLASS_LABELS, DOCUMENT_KIND_LABELS, LEGAL_STATUS_LABELS } from '~/lib/documents'
import { DOCUMENT_MAX_MB } from '~/lib/upload-limits'
import { hasFormScreens, permissionsOf, slugPath, type Field, type ResourceDeclaration } from './resource'

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

export const RESOURCES: { readonly [Name in ResourceName]: ResourceDeclaration & { name: Name } } = {
  permissions: {
    name: 'permissions',
    thing: 'Permission',
    things: 'Permissions',
    title: 'Permissions',
    label: 'name',
    columns: [{ header: 'Name', field: 'name' }, createdAt],
    fields: [{ name: 'name', label: 'Permission Name', create: { placeholder: 'e.g. posts-create' } }],
  },
  roles: {
    name: 'roles',
    thing: 'Role',
    things: 'Roles',
    empty: 'No Role Found',
    label: 'name',
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
    name: 'users',
    thing: 'User',
    things: 'Users',
    empty: 'No User Found',
    label: 'username',
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
    name: 'categories',
    thing: 'Category',
    things: 'Categories',
    label: 'name',
    columns: [{ header: 'Category Name', field: 'name' }, createdAt],
    fields: [{ name: 'name', label: 'Category Name' }],
  },
  posts: {
    name: 'posts',
    revisions: true,
    detailRoute: '_public.posts.$slug',
    thing: 'Post',
    things: 'Posts',
    empty: 'No Post Found',
    label: 'title',
    publishing: true,
    columns: [
      { header: 'Post Title', field: 'title' },
      { header: 'Category', field: 'category', format: 'name' },
      { header: 'User', field: 'user', format: 'name' },
      status,
      createdAt,
    ],
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
      { name: 'title', label: 'Title' },
      { name: 'content', label: 'Content', kind: 'richtext' },
    ],
  },
  pages: {
    name: 'pages',
    revisions: true,
    detailRoute: '_public.pages.$slug',
    thing: 'Page',
    things: 'Pages',
    label: 'title',
    publishing: true,
    columns: [{ header: 'Title', field: 'title' }, status, createdAt],
    fields: [
      { name: 'title', label: 'Title' },
      { name: 'content', label: 'Content', kind: 'richtext' },
    ],
  },
  products: {
    name: 'products',
    revisions: true,
    detailRoute: '_public.products.$slug',
    thing: 'Product',
    things: 'Products',
    label: 'title',
    publishing: true,
    columns: [
      { header: 'Product Name', field: 'title' },
      { header: 'Owner', field: 'owner' },
      { header: 'Price', field: 'price', format: 'rupiah' },
      status,
      createdAt,
    ],
    fields: [
      image,
      imageAlt,
      { name: 'title', label: 'Title' },
      { name: 'content', label: 'Content', kind: 'richtext' },
      { name: 'price', label: 'Price', kind: 'number' },
      { name: 'owner', label: 'Owner' },
      { name: 'phone', label: 'Phone', kind: 'tel' },
      // The create screen has a multi-line address box, the edit screen a single line.
      { name: 'address', label: 'Address', create: { kind: 'textarea' } },
    ],
  },
  photos: {
    name: 'photos',
    thing: 'Photo',
    things: 'Photos',
    label: 'caption',
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
    name: 'sliders',
    thing: 'Slider',
    things: 'Sliders',
    label: 'description',
    columns: [
      { header: 'Image', field: 'image', format: 'thumbnail' },
      { header: 'Description', field: 'description' },
    ],
    fields: [image, imageAlt, { name: 'description', label: 'Description', kind: 'textarea' }],
  },
  aparaturs: {
    name: 'aparaturs',
    thing: 'Aparatur',
    things: 'Aparaturs',
    label: 'name',
    columns: [
      { header: 'Name', field: 'name' },
      { header: 'Position', field: 'position' },
    ],
    fields: [
      image,
      imageAlt,
      { name: 'name', label: 'Name' },
      { name: 'position', label: 'Position' },
      { name: 'description', label: 'Description', kind: 'richtext' },
    ],
  },
  // Informasi Publik and Layanan (docs/api.md "Documents and public information", "Citizen reports").
  documents: {
    name: 'documents',
    revisions: true,
    detailRoute: '_public.dokumen.$slug',
    thing: 'Document',
    things: 'Documents',
    menu: 'Dokumen',
    label: 'title',
    publishing: true,
    upload: { field: 'file', maxMb: DOCUMENT_MAX_MB },
    columns: [
      { header: 'Title', field: 'title' },
      { header: 'Number', field: 'number' },
      { header: 'Kind', field: 'kind_label' },
      { header: 'Class', field: 'class_label' },
      status,
      createdAt,
    ],
    fields: [
      { name: 'file', label: 'File (PDF)', kind: 'file', accept: 'application/pdf,.pdf' },
      { name: 'title', label: 'Title' },
      { name: 'number', label: 'Number', placeholder: 'e.g. 5 Tahun 2026' },
      {
        name: 'kind',
        label: 'Kind',
        kind: 'select',
        choices: Object.entries(DOCUMENT_KIND_LABELS).map(([value, label]) => ({ value, label })),
      },
      {
        name: 'information_class',
        label: 'Information Class',
        kind: 'select',
        choices: Object.entries(DOCUMENT_CLASS_LABELS).map(([value, label]) => ({ value, label })),
      },
      { name: 'enacted_at', label: 'Enacted At', kind: 'date' },
      {
        name: 'legal_status',
        label: 'Legal Status',
        kind: 'select',
        choices: Object.entries(LEGAL_STATUS_LABELS).map(([value, label]) => ({ value, label })),
      },
      { name: 'replaced_by_id', label: 'Replaced By (document id)', placeholder: 'e.g. 12' },
      { name: 'description', label: 'Description', kind: 'richtext' },
    ],
  },
  reports: {
    name: 'reports',
    thing: 'Report',
    things: 'Reports',
    title: 'Laporan Warga',
    menu: 'Laporan Warga',
    empty: 'No Report Found',
    label: 'ticket',
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
    name: 'budgets',
    thing: 'Budget',
    things: 'Budgets',
    menu: 'APBDes',
    label: 'year',
    publishing: true,
    publicPath: (record) => (record.year ? `/apbdes/${record.year}` : undefined),
    columns: [
      { header: 'Year', field: 'year' },
      { header: 'Regulation Number', field: 'regulation_number' },
      { header: 'Pendapatan', field: 'totals.pendapatan.amount', format: 'rupiah' },
      { header: 'Belanja', field: 'totals.belanja.amount', format: 'rupiah' },
      status,
      createdAt,
    ],
    fields: [
      { name: 'year', label: 'Year', kind: 'number', placeholder: 'e.g. 2026' },
      { name: 'regulation_number', label: 'Regulation Number', placeholder: 'e.g. Perdes No. 1 Tahun 2026' },
      { name: 'items', label: 'Rincian APBDes', kind: 'budget-lines' },
    ],
  },
  developments: {
    name: 'developments',
    revisions: true,
    detailRoute: '_public.pembangunan.$slug',
    thing: 'Development',
    things: 'Developments',
    menu: 'Pembangunan',
    label: 'title',
    publishing: true,
    publicPath: slugPath('/pembangunan'),
    columns: [
      { header: 'Title', field: 'title' },
      { header: 'Location', field: 'location' },
      { header: 'Year', field: 'year' },
      { header: 'Budget', field: 'budget', format: 'rupiah' },
      { header: 'Progress', field: 'progress', format: 'percent' },
      status,
      createdAt,
    ],
    fields: [
      image,
      imageAlt,
      { name: 'title', label: 'Title' },
      { name: 'description', label: 'Description', kind: 'richtext' },
      { name: 'location', label: 'Location', placeholder: 'e.g. Dusun Krajan RT 02/RW 01' },
      { name: 'latitude', label: 'Latitude', placeholder: 'e.g. -6.9175 (with the longitude, or neither)' },
      { name: 'longitude', label: 'Longitude', placeholder: 'e.g. 107.6191' },
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
    name: 'events',
    revisions: true,
    detailRoute: '_public.agenda.$slug',
    thing: 'Event',
    things: 'Events',
    label: 'title',
    publishing: true,
    publicPath: slugPath('/agenda'),
    columns: [
      { header: 'Title', field: 'title' },
      { header: 'Starts At', field: 'starts_at', format: 'datetime' },
      { header: 'Location', field: 'location' },
      status,
      createdAt,
    ],
    fields: [
      { name: 'title', label: 'Title' },
      image,
      imageAlt,
      { name: 'all_day', label: 'All Day (a date without a time)', kind: 'checkbox' },
      { name: 'starts_at', label: 'Starts At', kind: 'datetime', dateWhen: 'all_day' },
      { name: 'ends_at', label: 'Ends At (optional)', kind: 'datetime', dateWhen: 'all_day' },
      { name: 'location', label: 'Location' },
      { name: 'organizer', label: 'Organizer' },
      { name: 'description', label: 'Description', kind: 'richtext' },
    ],
  },
  announcements: {
    name: 'announcements',
    thing: 'Announcement',
    things: 'Announcements',
    label: 'title',
    columns: [
      { header: 'Title', field: 'title' },
      { header: 'Starts At', field: 'starts_at', format: 'datetime' },
      { header: 'Ends At', field: 'ends_at', format: 'datetime' },
      createdAt,
    ],
    fields: [
      { name: 'title', label: 'Title' },
      { name: 'starts_at', label: 'Starts At', kind: 'datetime' },
      { name: 'ends_at', label: 'Ends At (empty: no end)', kind: 'datetime' },
      { name: 'content', label: 'Content', kind: 'richtext' },
    ],
  },
  statistics: {
    name: 'statistics',
    thing: 'Statistic',
    things: 'Statistics',
    label: 'title',
    publishing: true,
    publicPath: slugPath('/statistik'),
    columns: [
      { header: 'Title', field: 'title' },
      { header: 'Category', field: 'category', format: 'choice' },
      { header: 'Year', field: 'year' },
      status,
      createdAt,
    ],
    fields: [
      { name: 'title', label: 'Title' },
      {
        name: 'category',
        label: 'Category',
        kind: 'select',
        choices: STATISTIC_CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] })),
      },
      { name: 'year', label: 'Year', kind: 'number' },
      { name: 'unit', label: 'Unit', placeholder: 'e.g. jiwa, orang, KK' },
      { name: 'source', label: 'Source', placeholder: 'e.g. Profil Desa 2026' },
      {
        name: 'chart',
        label: 'Chart',
        kind: 'select',
        choices: [
          { value: 'bar', label: 'Bars' },
          { value: 'pie', label: 'Pie (one column whose rows are parts of a whole)' },
        ],
      },
      { name: 'rows', label: 'Table', kind: 'statistics', alsoErrorKeys: ['Columns', 'Label_column', 'Csv'] },
    ],
  },
}

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
