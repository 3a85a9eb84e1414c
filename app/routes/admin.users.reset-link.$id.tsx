import { resetLinkAction } from '~/doors/admin.server'

export const action = resetLinkAction
