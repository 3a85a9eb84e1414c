import type { MetaFunction } from '@remix-run/node'
import { Outlet, useLocation, useNavigation, useRouteLoaderData } from '@remix-run/react'
import { AnnouncementBanner } from '~/components/content/announcement-banner'
import { ErrorScreen } from '~/components/site/error-screen'
import { PendingBar } from '~/components/site/pending-bar'
import { SiteFooter } from '~/components/site/site-footer'
import { SiteHeader } from '~/components/site/site-header'
import { PortalFooter, PortalHeader } from '~/components/regency/portal'
import { Spliced } from '~/components/site/spliced'
import { bannerPart, footerPart, headerPart } from '~/components/site/page-parts'
import { publicLayoutLoader } from '~/doors/regency/regency-portal.server'
import { errorTitle, screenTitle } from '~/lib/site'

/**
 * The announcements showing now, for the banner above every public page (one memoised read per data version); at the
 * regency host (REGENCY_HOST), the portal's own frame.
 */
export const loader = publicLayoutLoader

function Shell({ children }: { children: React.ReactNode }) {
  const navigation = useNavigation()
  const banner = useRouteLoaderData<typeof loader>('routes/_public')
  const { pathname } = useLocation()
  const announcements = banner?.announcements ?? []
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#konten"
        className={
          'sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white ' +
          'focus:px-4 focus:py-2 focus:text-emerald-800 focus:shadow'
        }
      >
        Langsung ke konten
      </a>
      <PendingBar />
      {banner?.portal ? (
        <PortalHeader />
      ) : (
        <Spliced part={headerPart(pathname)}>
          <SiteHeader />
        </Spliced>
      )}
      <main id="konten" className="flex-1" aria-busy={navigation.state === 'loading'}>
        <Spliced part={bannerPart(announcements)}>
          <AnnouncementBanner announcements={announcements} />
        </Spliced>
        {children}
      </main>
      {banner?.portal ? (
        <PortalFooter />
      ) : (
        <Spliced part={footerPart()}>
          <SiteFooter />
        </Spliced>
      )}
    </div>
  )
}

export default function PublicLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  )
}

// A screen that fails (or is not found) keeps the header and footer around its message.
export const meta: MetaFunction = ({ matches, error }) =>
  error ? [{ title: screenTitle(matches, errorTitle(error)) }, { name: 'robots', content: 'noindex' }] : []

export function ErrorBoundary() {
  return (
    <Shell>
      <ErrorScreen />
    </Shell>
  )
}
