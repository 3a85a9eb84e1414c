import { dipEntriesApi } from '~/doors/village-info/ppid-pages.server'
import { ADMIN_PAGE_SIZE } from '~/lib/paging'
import { declare, get, post, ok, created, json } from '~/openapi/declare.server'
import { listParams, paginated } from '~/openapi/operations.server'
import { dipEntryInput, dipEntryResponse } from '~/openapi/ppid-operations.server'

/** GET/POST /api/admin/ppid/dip: the Daftar Informasi Publik's manual entries. */
export const loader = declare(dipEntriesApi, {
  ...get("The Daftar Informasi Publik's manual entries", 'documents-index'),
  query: listParams(ADMIN_PAGE_SIZE).omit({ search: true }),
  ...ok(paginated(dipEntryResponse, 'DipEntry'), 'List Data Entries'),
})

export const action = declare(dipEntriesApi, {
  ...post('Add an entry to the Daftar Informasi Publik', 'documents-create', json(dipEntryInput)),
  ...created(dipEntryResponse, 'Entry created successfully'),
  description: 'Keys `Title`, `Class` (berkala, serta_merta, setiap_saat), `Made_at` (YYYY-MM-DD), `Url`.',
})
