import { screen } from '~/components/shared/route-screen'
import { AccountScreen } from '~/components/accounts/account-screen'
import { titled } from '~/components/site/meta'
import { accountAction, accountLoader } from '~/doors/accounts/account.server'

export const handle = { regency: true }

export const meta = titled('Akun Saya')
export const loader = accountLoader
export const action = accountAction
export default screen<typeof loader>(AccountScreen)
