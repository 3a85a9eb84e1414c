import { resetLinkAction } from '~/doors/site/admin.server'

export const action = resetLinkAction
