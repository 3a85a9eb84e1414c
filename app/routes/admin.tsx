import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import quillStyles from 'quill/dist/quill.snow.css?url'
import { requireUser } from '~/auth/session.server'
import { DefaultPasswordWarning } from '~/components/admin/default-password-warning'
import { AdminShell } from '~/components/admin/shell'
import { revalidateAfterSubmissions } from '~/lib/revalidate'
import { accountsWithDefaultPassword } from '~/models/default-password.server'
import { useSite } from '~/root'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: quillStyles }]

/** Every admin screen needs a working session; the shell shows what the user's permissions allow. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return {
    user: { name: user.name, username: user.username, email: user.email },
    permissions: user.permissions,
    // Seeded accounts still accepting the public default password: shown until someone changes them.
    weakAccounts: await accountsWithDefaultPassword(),
  }
}

export const shouldRevalidate = revalidateAfterSubmissions

export default function AdminLayout() {
  const session = useLoaderData<typeof loader>()
  const site = useSite()
  return (
    <AdminShell session={session} siteName={site.name}>
      <DefaultPasswordWarning accounts={session.weakAccounts} canEditUsers={session.permissions['users-edit'] === true} />
      <Outlet />
    </AdminShell>
  )
}
