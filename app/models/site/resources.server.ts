import type { ListQuery, Paginated } from '~/lib/paging'
import { RESOURCES } from '~/resources'
import type { ResourceName } from '~/resources/permissions'
import { publicTextFieldsOf, type ResourceDeclaration } from '~/resources/resource'
import { recordActivity, summaryOf, trackWrite, type Actor } from '~/models/accounts/activity.server'
import {
  createAparatur,
  deleteAparatur,
  getAparatur,
  listAparaturs,
  updateAparatur,
} from '~/models/village-info/aparatur.server'
import {
  budgetChanges,
  budgetSpamText,
  budgetSummary,
  budgetTemplate,
  createBudget,
  deleteBudget,
  getBudget,
  listBudgets,
  updateBudget,
} from '~/models/village-info/budget.server'
import { categoryReads, createCategory, deleteCategory, updateCategory } from '~/models/content/category.server'
import {
  createDocument,
  deleteDocument,
  documentPreviewRefusal,
  getDocument,
  listDocuments,
  updateDocument,
} from '~/models/village-info/document.server'
import {
  createAnnouncement,
  deleteAnnouncement,
  getAnnouncement,
  listAnnouncements,
  updateAnnouncement,
} from '~/models/content/announcement.server'
import { createEvent, deleteEvent, getEvent, listEvents, updateEvent } from '~/models/content/event.server'
import {
  createDevelopment,
  deleteDevelopment,
  getDevelopment,
  listDevelopments,
  updateDevelopment,
} from '~/models/village-info/development.server'
import { createPage, deletePage, getPage, listPages, updatePage } from '~/models/content/page.server'
import {
  createPermission,
  deletePermission,
  permissionReads,
  updatePermission,
} from '~/models/accounts/permission.server'
import { createPhoto, deletePhoto, findPhoto, listPhotos } from '~/models/content/photo.server'
import { createPost, deletePost, getPost, listPosts, updatePost } from '~/models/content/post.server'
import { createProduct, deleteProduct, getProduct, listProducts, updateProduct } from '~/models/content/product.server'
import { deleteReport, getReport, listReports, updateReport } from '~/models/citizen-services/report.server'
import { createRole, deleteRole, roleReads, updateRole } from '~/models/accounts/role.server'
import { createSlider, deleteSlider, findSlider, listSliders } from '~/models/content/slider.server'
import {
  createStatistic,
  deleteStatistic,
  getStatistic,
  listStatistics,
  updateStatistic,
} from '~/models/village-info/statistic.server'
import { forgetRevisions, keepRevision } from '~/models/content/revision.server'
import { revokePreviewLink } from '~/models/content/preview-link.server'
import { refuseGamblingSpam } from '~/models/citizen-services/spam.server'
import { HttpError } from '~/utils/http.server'
import { createUser, deleteUser, getUser, listUsers, updateUser, type SessionUser } from '~/models/accounts/user.server'

/** What a write receives: the body's fields (and, for multipart resources, the uploaded file under `image`). */
export type WriteInput = Record<string, unknown>

/** The model functions that serve one declared resource; both doors call these and nothing else. */
type ResourceModel = {
  /**
   * `status`: the publishing filter of posts, pages and products (publishing.server.ts statusWhere); `params`: the
   * address's other filters, for a list that has some (reports: `status`, `kind`).
   */
  list(query: ListQuery, path: string, status?: string, params?: URLSearchParams): Promise<Paginated<unknown>>
  /** Every row by name, for the forms that choose among them (`/all`). */
  all?(): Promise<{ id: number; name: string }[]>
  /** One row by id; the editable resources only. */
  get?(id: number): Promise<unknown>
  /** Reads a record for the activity log (before an update or delete) where there is no `get`. */
  read?(id: number): Promise<unknown>
  /** Every resource but reports (which citizens file through the public door). */
  create?(input: WriteInput, user: SessionUser): Promise<unknown>
  update?(id: number, input: WriteInput, user: SessionUser): Promise<unknown>
  remove(id: number, user: SessionUser): Promise<void>
  /** A record the create screen starts from (a budget copied into the next year: `?copy={id}`), or null. */
  template?(params: URLSearchParams): Promise<Record<string, unknown> | null>
  /** More public text the gambling spam guard judges than the declared text fields (a budget's lines). */
  spamText?(input: WriteInput): Record<string, unknown>
  /** The activity log's summary of a record, when it has no title or name ("APBDes 2026"). */
  summary?(record: unknown): string
  /** The activity log's changes of a write, when more than the changed fields' names (a budget's lines). */
  changes?(before: unknown, after: unknown): string[]
  /**
   * Why a record may have no preview link (an exempt document: docs/api.md "Revisions and preview links"): the
   * API's 422 errors by field, or null. Judged on the record as it is now: when a link is asked for, when it is
   * opened, and after every update (a record it refuses loses its link).
   */
  previewRefusal?(record: unknown): Record<string, string> | null
}

const MODELS: Record<ResourceName, ResourceModel> = {
  permissions: {
    ...permissionReads,
    create: createPermission,
    update: updatePermission,
    remove: deletePermission,
  },
  roles: { ...roleReads, create: createRole, update: updateRole, remove: deleteRole },
  users: { list: listUsers, get: getUser, create: createUser, update: updateUser, remove: deleteUser },
  categories: {
    ...categoryReads,
    create: createCategory,
    update: updateCategory,
    remove: deleteCategory,
  },
  posts: { list: listPosts, get: getPost, create: createPost, update: updatePost, remove: deletePost },
  pages: { list: listPages, get: getPage, create: createPage, update: updatePage, remove: deletePage },
  products: {
    list: listProducts,
    get: getProduct,
    create: createProduct,
    update: updateProduct,
    remove: deleteProduct,
  },
  photos: { list: listPhotos, read: findPhoto, create: createPhoto, remove: deletePhoto },
  sliders: { list: listSliders, read: findSlider, create: createSlider, remove: deleteSlider },
  aparaturs: {
    list: listAparaturs,
    get: getAparatur,
    create: createAparatur,
    update: updateAparatur,
    remove: deleteAparatur,
  },
  documents: {
    list: listDocuments,
    get: getDocument,
    create: createDocument,
    update: updateDocument,
    remove: deleteDocument,
    previewRefusal: documentPreviewRefusal,
  },
  reports: { list: listReports, get: getReport, update: updateReport, remove: deleteReport },
  // Village information (docs/api.md "Agenda", "Announcements", "Village statistics").
  events: { list: listEvents, get: getEvent, create: createEvent, update: updateEvent, remove: deleteEvent },
  announcements: {
    list: listAnnouncements,
    get: getAnnouncement,
    create: createAnnouncement,
    update: updateAnnouncement,
    remove: deleteAnnouncement,
  },
  statistics: {
    list: listStatistics,
    get: getStatistic,
    create: createStatistic,
    update: updateStatistic,
    remove: deleteStatistic,
  },
  // Transparansi (docs/api.md "Budget (APBDes)", "Development projects").
  budgets: {
    list: listBudgets,
    get: getBudget,
    create: createBudget,
    update: updateBudget,
    remove: deleteBudget,
    template: budgetTemplate,
    spamText: budgetSpamText,
    summary: budgetSummary,
    changes: budgetChanges,
  },
  developments: {
    list: listDevelopments,
    get: getDevelopment,
    create: createDevelopment,
    update: updateDevelopment,
    remove: deleteDevelopment,
  },
}

/** A declared resource with the model functions that serve it. */
export type AdminResource = ResourceDeclaration & ResourceModel

const SERVED = new Map<string, AdminResource>(
  Object.values(RESOURCES).map((declaration) => [declaration.name, { ...declaration, ...MODELS[declaration.name] }]),
)

/** The resource named `name` exactly (`/api/admin/{name}`), or undefined. */
export const findResource = (name: string | undefined) => (name === undefined ? undefined : SERVED.get(name))

export type ResourceWrite =
  | { action: 'create'; input: WriteInput }
  /** `restore`: the update brings back a revision (app/models/content/revision.server.ts), logged as `restore`. */
  | { action: 'update'; id: number; input: WriteInput; restore?: true }
  | { action: 'delete'; id: number }

/**
 * The one write path of both doors (the admin screens and `/api/admin/{name}`): refuses gambling spam in the public
 * text of a create or update before anything is stored (app/models/citizen-services/spam.server.ts), runs the model's create, update
 * or delete and, once it succeeded, adds the activity log's entry (the record, the fields it changed, who and from
 * where).
 */
export async function writeResource(
  resource: AdminResource,
  user: SessionUser,
  actor: Actor,
  write: ResourceWrite,
): Promise<unknown> {
  const tracked = {
    name: resource.name,
    read: resource.get ?? resource.read,
    summary: resource.summary,
    changes: resource.changes,
  }
  if (write.action !== 'delete') {
    // A list or table (a statistics dataset's rows) is judged as the text it holds; a budget's lines as the text
    // the resource gives of them.
    const asText = (value: unknown) => (value !== null && typeof value === 'object' ? JSON.stringify(value) : value)
    const text = {
      ...Object.fromEntries(publicTextFieldsOf(resource).map((name) => [name, asText(write.input[name])])),
      ...resource.spamText?.(write.input),
    }
    await refuseGamblingSpam(
      actor,
      { resource: resource.name, id: write.action === 'update' ? write.id : undefined },
      text,
    )
  }
  const logAs = write.action === 'update' && write.restore ? 'restore' : undefined
  switch (write.action) {
    case 'create':
      if (!resource.create) throw new HttpError(405, 'Method Not Allowed')
      return trackWrite(actor, { resource: tracked, action: 'create' }, () => resource.create!(write.input, user))
    case 'update': {
      const result = await trackWrite(actor, { resource: tracked, action: 'update', id: write.id, logAs }, async () => {
        // A resource with revisions keeps the record as it was before the update (app/models/content/revision.server.ts).
        const before = resource.revisions ? await resource.get!(write.id).catch(() => null) : null
        const result = await resource.update!(write.id, write.input, user)
        if (before) await keepRevision(resource, write.id, actor, before, result)
        // A user's new password is never named among the changed fields: it gets an entry of its own, before the
        // update's.
        if (resource.name === 'users' && typeof write.input.password === 'string' && write.input.password !== '') {
          await recordActivity({
            actor,
            action: 'password_change',
            resource: 'users',
            resourceId: write.id,
            summary: summaryOf(result),
            changes: [],
          })
        }
        return result
      })
      // A record that may no longer have a preview link (a document reclassed `dikecualikan`) loses the one it had;
      // opening a link checks the record's class again anyway (app/doors/content/preview.server.ts).
      if (resource.previewRefusal?.(result)) await revokePreviewLink(resource, write.id, actor)
      return result
    }
    case 'delete':
      return trackWrite(actor, { resource: tracked, action: 'delete', id: write.id }, async () => {
        await resource.remove(write.id, user)
        if (resource.revisions) await forgetRevisions(resource, write.id)
      })
  }
}
