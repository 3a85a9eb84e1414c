import type { ShouldRevalidateFunction } from '@remix-run/react'

/**
 * For layout loaders whose data changes only through actions (the root's site settings and toast; the admin
 * session, menus and default-password banner). With single fetch Remix would read every loader on every
 * navigation; this one runs again only after a submission (a form or fetcher POST/PUT/DELETE, including the
 * redirect that follows it) or when the same address is asked for again (a revalidation). Moving to another
 * screen or searching reads only the screen's own loader, which still checks the permission itself, and a
 * screen whose data cannot be loaded fails alone inside the layout instead of taking the whole page down.
 */
export const revalidateAfterSubmissions: ShouldRevalidateFunction = ({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod.toUpperCase() !== 'GET') return defaultShouldRevalidate
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search) return defaultShouldRevalidate
  return false
}
