import type { LoaderFunctionArgs } from '@remix-run/node'
import { siteOrigin } from '~/models/seo.server'

/** GET /robots.txt: the public site is open to crawlers; the back office, the API and the login are not. */
export function loader({ request }: LoaderFunctionArgs) {
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api', 'Disallow: /login', '', `Sitemap: ${siteOrigin(request)}/sitemap.xml`, ''].join('\n')
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}
