/**
 * The permission names of docs/api.md "Seeded data", in seeding order, and the type built from them:
 * a permission name the code spells (requirePermission, can, useCan, the resource declarations) is
 * checked against this list when it compiles. Roles may still hold permissions an admin created at run time.
 */

/** The resources with list, create and edit screens, and the two that are only uploaded and deleted. */
export const EDITABLE_RESOURCES = [
  'users',
  'permissions',
  'roles',
  'categories',
  'posts',
  'products',
  'pages',
  'aparaturs',
  // Village information (docs/api.md): the agenda, announcements and village statistics.
  'events',
  'announcements',
  'statistics',
] as const
export const UPLOAD_ONLY_RESOURCES = ['photos', 'sliders'] as const
// "Village information and services" (docs/api.md): documents are edited like the original resources; citizens'
// reports are filed by the public and only read, updated (status, public, responses) and deleted by staff.
export const INFORMATION_RESOURCES = ['documents'] as const
export const REPORT_RESOURCES = ['reports'] as const
/** The budget (APBDes) and the development projects, each with the six permissions of an editable resource. */
export const TRANSPARENCY_RESOURCES = ['budgets', 'developments'] as const
export type ResourceName =
  | (typeof EDITABLE_RESOURCES)[number]
  | (typeof UPLOAD_ONLY_RESOURCES)[number]
  | (typeof INFORMATION_RESOURCES)[number]
  | (typeof REPORT_RESOURCES)[number]
  | (typeof TRANSPARENCY_RESOURCES)[number]

const EDITABLE_ACTIONS = ['index', 'create', 'show', 'edit', 'update', 'delete'] as const
const UPLOAD_ONLY_ACTIONS = ['index', 'create', 'delete'] as const
const REPORT_ACTIONS = ['index', 'show', 'update', 'delete'] as const

/** Layanan Surat's permissions (docs/api.md "Letters"). */
export const LETTER_PERMISSIONS = [
  'letters-index',
  'letters-show',
  'letters-create',
  'letters-update',
  'letters-delete',
] as const

const grant = <R extends string, A extends string>(resources: readonly R[], actions: readonly A[]) =>
  resources.flatMap((resource) => actions.map((action) => `${resource}-${action}` as const))

export const SEEDED_PERMISSIONS = [
  'dashboard-index' as const,
  ...grant(EDITABLE_RESOURCES, EDITABLE_ACTIONS),
  ...grant(UPLOAD_ONLY_RESOURCES, UPLOAD_ONLY_ACTIONS),
  // "Beyond the original client": Pengaturan Situs and Log Aktivitas (the admin role holds them, like every
  // permission).
  'settings-edit' as const,
  'activities-index' as const,
  // Informasi Publik and Layanan (issue 23).
  ...grant(INFORMATION_RESOURCES, EDITABLE_ACTIONS),
  ...grant(REPORT_RESOURCES, REPORT_ACTIONS),
  // Transparansi (issue 22): the budget and the development projects.
  ...grant(TRANSPARENCY_RESOURCES, EDITABLE_ACTIONS),
  // Layanan Surat (issue 37): letter types, requests and the register of outgoing letters; five names only (the
  // original client keeps the permissions in a 4 KB cookie). Not a ResourceName: letters have screens of their own.
  ...LETTER_PERMISSIONS,
]

export type PermissionName = (typeof SEEDED_PERMISSIONS)[number]

type ActionOf<R extends ResourceName> = R extends (typeof UPLOAD_ONLY_RESOURCES)[number]
  ? (typeof UPLOAD_ONLY_ACTIONS)[number]
  : R extends (typeof REPORT_RESOURCES)[number]
    ? (typeof REPORT_ACTIONS)[number]
    : (typeof EDITABLE_ACTIONS)[number]

/** `posts-edit`: the permission of an action on a resource (the pair is checked: there is no `photos-edit`). */
export const permissionOf = <R extends ResourceName>(resource: R, action: ActionOf<R>) =>
  `${resource}-${action}` as PermissionName

/** The permission map of a session (name -> true) holds one of these. */
export const holdsAny = (
  permissions: Record<string, true> | undefined,
  anyOf: PermissionName | readonly PermissionName[],
) => (typeof anyOf === 'string' ? [anyOf] : anyOf).some((name) => permissions?.[name] === true)

/** `POST /api/admin/uploads` (images inside rich text): whoever may write a post, a page or a product. */
export const CONTENT_UPLOAD_PERMISSIONS = [
  'posts-create',
  'posts-edit',
  'pages-create',
  'pages-edit',
  'products-create',
  'products-edit',
  // The rich text of the agenda's descriptions and the announcements' content takes images too.
  'events-create',
  'events-edit',
  'announcements-create',
  'announcements-edit',
] as const satisfies readonly PermissionName[]
