import { photoFormAction, photoFormLoader } from '~/doors/village-info/project-photos.server'

/**
 * /admin/developments/{id}/photos: the edit screen's `Foto Progres` uploads and deletes here (no screen of its
 * own).
 */
export const loader = photoFormLoader

export const action = photoFormAction
