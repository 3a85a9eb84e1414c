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
] as const
export const UPLOAD_ONLY_RESOURCES = ['photos', 'sliders'] as const
/**
 * Village information and services (docs/api.md), each with the six permissions of an editable resource: the budget
 * (APBDes) and the development projects.
 */
export const TRANSPARENCY_RESOURCES = ['budgets', 'developments'] as const
export type ResourceName =
  (typeof EDITABLE_RESOURCES)[number] | (typeof UPLOAD_ONLY_RESOURCES)[number] | (typeof TRANSPARENCY_RESOURCES)[number]

const EDITABLE_ACTIONS = ['index', 'create', 'show', 'edit', 'update', 'delete'] as const
const UPLOAD_ONLY_ACTIONS = ['index', 'create', 'delete'] as const

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
  ...grant(TRANSPARENCY_RESOURCES, EDITABLE_ACTIONS),
]

export type PermissionName = (typeof SEEDED_PERMISSIONS)[number]

type ActionOf<R extends ResourceName> = R extends (typeof UPLOAD_ONLY_RESOURCES)[number]
  ? (typeof UPLOAD_ONLY_ACTIONS)[number]
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
] as const satisfies readonly PermissionName[]
