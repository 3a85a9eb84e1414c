import { methodNotAllowed, resetLinkApi } from '~/doors/admin-api.server'

/** POST /api/admin/users/{id}/reset-link: a single-use password reset link. */
export const action = resetLinkApi
export const loader = methodNotAllowed
