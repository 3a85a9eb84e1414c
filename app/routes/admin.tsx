import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react'
import quillStyles from 'quill/dist/quill.snow.css?url'
import { requireUser } from '~/auth/session.server'
import { DefaultPasswordWarning } from '~/components/admin/default-password-warning'
import { AdminShell } from '~/components/admin/shell'
import { revalidateAfterSubmissions } from '~/lib/revalidate'
import { accountsWithDefaultPassword } from '~/models/default-password.server'
import { isResourceScreen } from '~/resources'
import { holdsAny } from '~/resources/permissions'
import { useSite } from '~/root'
import { notFoundResponse } from '~/utils/http.server'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: quillStyles }]

/**
 * An address such as /admin/tidak-ada or /admin/photos/create matches the resource screens' routes but is no
 * screen: like any unknown address it is the 404 of the root, for everyone (no login asked).
 */
const unknownScreen = (pathname: string, params: { resource?: string }) =>
  params.resource !== undefined && !isResourceScreen(pathname, params.resource)

/** Every admin screen needs a working session; the shell shows what the user's permissions allow. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (unknownScreen(new URL(request.url).pathname, params)) throw notFoundResponse()
  const user = await requireUser(request)
  return {
    user: { name: user.name, username: user.username, email: user.email },
    permissions: user.permissions,
    // Seeded accounts still accepting the public default password: shown until someone changes them.
    weakAccounts: await accountsWithDefaultPassword(),
  }
}

export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  unknownScreen(args.nextUrl.pathname, args.nextParams) || revalidateAfterSubmissions(args)

export default function AdminLayout() {
  const session = useLoaderData<typeof loader>()
  const site = useSite()
  return (
    <AdminShell session={session} siteName={site.name}>
      <DefaultPasswordWarning
        accounts={session.weakAccounts}
        canEditUsers={holdsAny(session.permissions, 'users-edit')}
      />
      <Outlet />
    </AdminShell>
  )
}
