import type { SessionUser } from './user.server'
import type { ListQuery, Paginated } from '~/lib/paging'
import { createAparatur, deleteAparatur, getAparatur, listAparaturs, updateAparatur } from './aparatur.server'
import { allCategories, createCategory, deleteCategory, getCategory, listCategories, updateCategory } from './category.server'
import { createPage, deletePage, getPage, listPages, updatePage } from './page.server'
import { allPermissions, createPermission, deletePermission, getPermission, listPermissions, updatePermission } from './permission.server'
import { createPhoto, deletePhoto, findPhoto, listPhotos } from './photo.server'
import { createPost, deletePost, getPost, listPosts, updatePost } from './post.server'
import { createProduct, deleteProduct, getProduct, listProducts, updateProduct } from './product.server'
import { allRoles, createRole, deleteRole, getRole, listRoles, updateRole } from './role.server'
import { createSlider, deleteSlider, findSlider, listSliders } from './slider.server'
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
  /** Reads a record for the activity log (before an update or delete) where there is no `get`. */
  read?(id: number): Promise<unknown>
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

/** The resource as the activity log tracks it: its name and how to read a record before it changes. */
export function trackedResource(name: string) {
  const resource = registry.get(name)
  if (!resource) throw new Error(`unknown resource ${name}`)
  return { name: resource.name, read: resource.get ?? resource.read }
}

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

registerResource({
  name: 'posts',
  thing: 'Post',
  things: 'Posts',
  body: 'multipart',
  list: listPosts,
  get: getPost,
  create: (input, user) => createPost(input, user),
  update: (id, input, user) => updatePost(id, input, user),
  remove: (id) => deletePost(id),
})

registerResource({
  name: 'pages',
  thing: 'Page',
  things: 'Pages',
  body: 'json',
  list: listPages,
  get: getPage,
  create: (input, user) => createPage(input, user),
  update: (id, input, user) => updatePage(id, input, user),
  remove: (id) => deletePage(id),
})

registerResource({
  name: 'products',
  thing: 'Product',
  things: 'Products',
  body: 'multipart',
  list: listProducts,
  get: getProduct,
  create: (input, user) => createProduct(input, user),
  update: (id, input, user) => updateProduct(id, input, user),
  remove: (id) => deleteProduct(id),
})

registerResource({
  name: 'photos',
  thing: 'Photo',
  things: 'Photos',
  body: 'multipart',
  list: listPhotos,
  read: findPhoto,
  create: (input) => createPhoto(input),
  remove: (id) => deletePhoto(id),
  createdVerb: 'uploaded',
})

registerResource({
  name: 'sliders',
  thing: 'Slider',
  things: 'Sliders',
  body: 'multipart',
  list: listSliders,
  read: findSlider,
  create: (input) => createSlider(input),
  remove: (id) => deleteSlider(id),
  createdVerb: 'uploaded',
  deletePermission: 'sliders-delete',
})

registerResource({
  name: 'aparaturs',
  thing: 'Aparatur',
  things: 'Aparaturs',
  body: 'multipart',
  list: listAparaturs,
  get: getAparatur,
  create: (input) => createAparatur(input),
  update: (id, input) => updateAparatur(id, input),
  remove: (id) => deleteAparatur(id),
})
