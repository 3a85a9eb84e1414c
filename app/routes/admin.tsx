import type { HeadersFunction, LinksFunction } from '@remix-run/node'
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react'
import quillStyles from 'quill/dist/quill.snow.css?url'
import { DefaultPasswordWarning } from '~/components/accounts/default-password-warning'
import { AdminShell } from '~/components/site/shell'
import { revalidateAfterSubmissions } from '~/lib/revalidate'
import { shellLoader } from '~/doors/site/admin.server'
import { unknownScreen } from '~/resources'
import { useSite } from '~/components/site/use-site'

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: quillStyles }]

export const loader = shellLoader

/**
 * No admin screen or its data is kept by a browser or a proxy: after Keluar on a shared village-office computer, Back
 * must not show the dashboard again.
 */
export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store' })

export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  unknownScreen(args.nextUrl.pathname, args.nextParams) || revalidateAfterSubmissions(args)

export default function AdminLayout() {
  const session = useLoaderData<typeof loader>()
  const site = useSite()
  return (
    <AdminShell session={session} siteName={site.name}>
      <DefaultPasswordWarning notice={session.defaultPassword} />
      <Outlet />
    </AdminShell>
  )
}
