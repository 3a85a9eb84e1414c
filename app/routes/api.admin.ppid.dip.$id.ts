import { dipEntryApi } from '~/doors/village-info/ppid-pages.server'
import { declare, get, put, del, ok, json } from '~/openapi/declare.server'
import { idParam, z } from '~/openapi/operations.server'
import { dipEntryInput, dipEntryResponse } from '~/openapi/ppid-operations.server'

/** GET/PUT/DELETE /api/admin/ppid/dip/{id}: one manual entry of the Daftar Informasi Publik. */
export const loader = declare(dipEntryApi, {
  ...get('One manual entry of the Daftar Informasi Publik', ['documents-show', 'documents-edit']),
  params: idParam('entry'),
  ...ok(dipEntryResponse, 'Detail Data Entry'),
})

export const action = declare(
  dipEntryApi,
  {
    ...put('Change a manual entry of the Daftar Informasi Publik', ['documents-update', 'documents-edit']),
    params: idParam('entry'),
    body: json(dipEntryInput),
    ...ok(dipEntryResponse, 'Entry updated successfully'),
  },
  {
    ...del('Remove a manual entry of the Daftar Informasi Publik', 'documents-delete'),
    params: idParam('entry'),
    ...ok(z.null(), 'Entry deleted successfully'),
  },
)
