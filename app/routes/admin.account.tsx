import { useLoaderData } from '@remix-run/react'
import { AccountScreen } from '~/components/admin/account-screen'
import { titled } from '~/components/admin/meta'
import { accountAction, accountLoader } from '~/doors/account.server'

export const handle = { regency: true }

export const meta = titled('Akun Saya')
export const loader = accountLoader
export const action = accountAction
export default function Account() {
  return <AccountScreen {...useLoaderData<typeof loader>()} />
}
