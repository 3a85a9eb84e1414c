import { dipEntriesApi } from '~/doors/village-info/ppid-pages.server'
import { ADMIN_PAGE_SIZE } from '~/lib/paging'
import { declare, listParams, paginated } from '~/openapi/operations.server'
import { dipEntryInput, dipEntryResponse } from '~/openapi/ppid-operations.server'

/** GET/POST /api/admin/ppid/dip: the Daftar Informasi Publik's manual entries. */
export const loader = declare(dipEntriesApi, {
  method: 'get',
  tag: 'Documents',
  summary: "The Daftar Informasi Publik's manual entries",
  permissions: ['documents-index'],
  query: listParams(ADMIN_PAGE_SIZE).omit({ search: true }),
  ok: { status: 200, data: paginated(dipEntryResponse, 'DipEntry'), message: 'List Data Entries' },
})

export const action = declare(dipEntriesApi, {
  method: 'post',
  tag: 'Documents',
  summary: 'Add an entry to the Daftar Informasi Publik',
  description: 'Keys `Title`, `Class` (berkala, serta_merta, setiap_saat), `Made_at` (YYYY-MM-DD), `Url`.',
  permissions: ['documents-create'],
  body: { json: dipEntryInput },
  ok: { status: 201, data: dipEntryResponse, message: 'Entry created successfully' },
})
