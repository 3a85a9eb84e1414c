import { dipEntryApi } from '~/doors/village-info/ppid-pages.server'
import { declare, at, json, ok } from '~/openapi/declare.server'
import { idParam, z } from '~/openapi/operations.server'
import { dipEntryInput, dipEntryResponse } from '~/openapi/ppid-operations.server'

const entry = at(idParam('entry'))

/** GET/PUT/DELETE /api/admin/ppid/dip/{id}: one manual entry of the Daftar Informasi Publik. */
export const loader = declare(dipEntryApi, {
  ...entry.get('One manual entry of the Daftar Informasi Publik', ['documents-show', 'documents-edit']),
  ...ok(dipEntryResponse, 'Detail Data Entry'),
})

export const action = declare(dipEntryApi, [
  {
    ...entry.put(
      'Change a manual entry of the Daftar Informasi Publik',
      ['documents-update', 'documents-edit'],
      json(dipEntryInput),
    ),
    ...ok(dipEntryResponse, 'Entry updated successfully'),
  },
  {
    ...entry.del('Remove a manual entry of the Daftar Informasi Publik', 'documents-delete'),
    ...ok(z.null(), 'Entry deleted successfully'),
  },
])
