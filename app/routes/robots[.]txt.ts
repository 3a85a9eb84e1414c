import type { LoaderFunctionArgs } from '@remix-run/node'
import { siteIdentity } from '~/models/site-identity.server'

/** GET /robots.txt: the public site is open to crawlers; the back office, the API and the login are not. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { url } = await siteIdentity(request)
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api',
    'Disallow: /login',
    '',
    `Sitemap: ${url}/sitemap.xml`,
    '',
  ].join('\n')
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
