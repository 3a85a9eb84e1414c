import { revisionsScreenAction, revisionsScreenLoader } from '~/doors/content/revisions.server'
import { regencyResources } from '~/lib/regency-routes'

export const handle = { regency: regencyResources }

/** /admin/{resource}/{id}/revisions: the edit screen's `Riwayat` and `Bagikan Pratinjau` (no screen of its own). */
export const loader = revisionsScreenLoader
export const action = revisionsScreenAction
