import { dipEntryApi } from '~/doors/village-info/ppid-pages.server'
import { declare, idParam, z } from '~/openapi/operations.server'
import { dipEntryInput, dipEntryResponse } from '~/openapi/ppid-operations.server'

/** GET/PUT/DELETE /api/admin/ppid/dip/{id}: one manual entry of the Daftar Informasi Publik. */
export const loader = declare(dipEntryApi, {
  method: 'get',
  tag: 'Documents',
  summary: 'One manual entry of the Daftar Informasi Publik',
  permissions: ['documents-show', 'documents-edit'],
  params: idParam('entry'),
  ok: { status: 200, data: dipEntryResponse, message: 'Detail Data Entry' },
  fails: [404],
})

export const action = declare(
  dipEntryApi,
  {
    method: 'put',
    tag: 'Documents',
    summary: 'Change a manual entry of the Daftar Informasi Publik',
    permissions: ['documents-update', 'documents-edit'],
    params: idParam('entry'),
    body: { json: dipEntryInput },
    ok: { status: 200, data: dipEntryResponse, message: 'Entry updated successfully' },
    fails: [404],
  },
  {
    method: 'delete',
    tag: 'Documents',
    summary: 'Remove a manual entry of the Daftar Informasi Publik',
    permissions: ['documents-delete'],
    params: idParam('entry'),
    ok: { status: 200, data: z.null(), message: 'Entry deleted successfully' },
    fails: [404],
  },
)
