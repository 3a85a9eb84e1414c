import type { SessionUser } from '~/auth/session.server'
import type { ListQuery, Paginated } from '~/lib/paging'
import { allCategories, createCategory, deleteCategory, getCategory, listCategories, updateCategory } from './category.server'
import { allPermissions, createPermission, deletePermission, getPermission, listPermissions, updatePermission } from './permission.server'
import { allRoles, createRole, deleteRole, getRole, listRoles, updateRole } from './role.server'
import { createUser, deleteUser, getUser, listUsers, updateUser } from './user.server'

/** What an admin write receives: the body's fields (and, for multipart resources, the uploaded file under `image`). */
export type WriteInput = Record<string, unknown>

/**
 * One admin REST resource of ../shared/API.md, declared once: the generic `/api/admin/{name}` routes
 * serve every one of them (list, all, show, create, update, delete) with the contract's permissions.
 */
export type AdminResource = {
  /** URL segment and permission prefix. */
  name: string
  /** Singular, capitalised, for messages: "Post not found", "Post created successfully". */
  thing: string
  /** Plural for "List Data Posts". */
  things: string
  body: 'json' | 'multipart'
  list(query: ListQuery, path: string): Promise<Paginated<unknown>>
  all?(): Promise<unknown[]>
  /** Permissions that also open `/all` (e.g. roles/all for the user form). */
  allAlsoFor?: readonly string[]
  get?(id: number): Promise<unknown>
  create?(input: WriteInput, user: SessionUser): Promise<unknown>
  update?(id: number, input: WriteInput, user: SessionUser): Promise<unknown>
  remove(id: number, user: SessionUser): Promise<void>
  /** Overrides `{name}-delete`. */
  deletePermission?: string
  /** Message verb for create (uploads say "uploaded"). */
  createdVerb?: string
}

const registry = new Map<string, AdminResource>()

export function registerResource(resource: AdminResource) {
  registry.set(resource.name, resource)
}

export const findResource = (name: string) => registry.get(name)

registerResource({
  name: 'permissions',
  thing: 'Permission',
  things: 'Permissions',
  body: 'json',
  list: listPermissions,
  all: allPermissions,
  allAlsoFor: ['roles-create', 'roles-edit'],
  get: getPermission,
  create: (input) => createPermission(input),
  update: (id, input) => updatePermission(id, input),
  remove: (id) => deletePermission(id),
})

registerResource({
  name: 'roles',
  thing: 'Role',
  things: 'Roles',
  body: 'json',
  list: listRoles,
  all: allRoles,
  allAlsoFor: ['users-create', 'users-edit'],
  get: getRole,
  create: (input) => createRole(input),
  update: (id, input) => updateRole(id, input),
  remove: (id) => deleteRole(id),
})

registerResource({
  name: 'users',
  thing: 'User',
  things: 'Users',
  body: 'json',
  list: listUsers,
  get: getUser,
  create: (input) => createUser(input),
  update: (id, input) => updateUser(id, input),
  remove: (id, user) => deleteUser(id, user.id),
})

registerResource({
  name: 'categories',
  thing: 'Category',
  things: 'Categories',
  body: 'json',
  list: listCategories,
  all: allCategories,
  allAlsoFor: ['posts-create', 'posts-edit'],
  get: getCategory,
  create: (input) => createCategory(input),
  update: (id, input) => updateCategory(id, input),
  remove: (id) => deleteCategory(id),
})
