import { useLoaderData } from '@remix-run/react'
import { AccountScreen } from '~/components/accounts/account-screen'
import { titled } from '~/components/site/meta'
import { accountAction, accountLoader } from '~/doors/accounts/account.server'

export const handle = { regency: true }

export const meta = titled('Akun Saya')
export const loader = accountLoader
export const action = accountAction
export default function Account() {
  return <AccountScreen {...useLoaderData<typeof loader>()} />
}
