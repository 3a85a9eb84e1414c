import type { LoaderFunctionArgs } from '@remix-run/node'
import { sitemapEntries } from '~/models/sitemap.server'
import { siteIdentity } from '~/models/site-identity.server'
import { publicMaxAge } from '~/models/publishing.server'
import { escapeXml } from '~/lib/xml'

/** GET /sitemap.xml: every public screen, page, post, product and official (sitemaps.org 0.9). */
export async function loader({ request }: LoaderFunctionArgs) {
  const [{ url: origin }, entries, maxAge] = await Promise.all([
    siteIdentity(request),
    sitemapEntries(),
    publicMaxAge(300),
  ])
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : ''
    return `  <url><loc>${escapeXml(origin + entry.path)}</loc>${lastmod}</url>`
  })
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': `public, max-age=${maxAge}` },
  })
}
