import type { LoaderFunctionArgs } from '@remix-run/node'
import { excerpt } from '~/lib/format'
import { escapeXml } from '~/lib/xml'
import { publicMaxAge } from '~/models/content/publishing.server'
import { siteIdentity } from '~/models/site/site-identity.server'
import { feedPosts, sitemapEntries } from '~/models/site/sitemap.server'
import { prisma } from '~/utils/db.server'
import { storedImageInfo } from '~/utils/upload-pipeline.server'

/**
 * The site's files for machines: the sitemap, the RSS feed, robots.txt, the web app manifest and the health check.
 */

/** GET /sitemap.xml: every public screen, page, post, product and official (sitemaps.org 0.9). */
export async function sitemapLoader({ request }: LoaderFunctionArgs) {
  const [{ url: origin }, entries, maxAge] = await Promise.all([
    siteIdentity(request),
    sitemapEntries(),
    publicMaxAge(300),
  ])
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : ''
    return `  <url><loc>${escapeXml(origin + entry.path)}</loc>${lastmod}</url>`
  })
  const body =
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
    `${urls.join('\n')}\n</urlset>\n`
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': `public, max-age=${maxAge}` },
  })
}

/** GET /rss.xml: an RSS 2.0 feed of the latest posts, newest first. */
export async function rssLoader({ request }: LoaderFunctionArgs) {
  const [identity, posts, maxAge] = await Promise.all([siteIdentity(request), feedPosts(), publicMaxAge(300)])
  const { url: origin, name: site } = identity
  const logo = identity.logo ? `${origin}/uploads/settings/${encodeURIComponent(identity.logo)}` : null
  // The enclosure's length and type are the stored file's own; an image whose file is missing is left out.
  const images = await Promise.all(posts.map((post) => (post.image ? storedImageInfo('posts', post.image) : null)))
  const items = posts.map((post, index) => {
    const link = `${origin}/posts/${encodeURIComponent(post.slug)}`
    const image = images[index]
    const imageUrl = `${origin}/uploads/posts/${encodeURIComponent(post.image ?? '')}`
    return [
      '    <item>',
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${(post.published_at ?? post.created_at).toUTCString()}</pubDate>`,
      `      <dc:creator>${escapeXml(post.user?.name ?? site)}</dc:creator>`,
      post.category ? `      <category>${escapeXml(post.category.name)}</category>` : null,
      `      <description>${escapeXml(excerpt(post.content, 300))}</description>`,
      // The sanitised article itself, as escaped HTML (never raw markup inside the XML).
      `      <content:encoded>${escapeXml(post.content)}</content:encoded>`,
      image ? `      <enclosure url="${escapeXml(imageUrl)}" length="${image.length}" type="${image.type}"/>` : null,
      '    </item>',
    ]
      .filter((line) => line !== null)
      .join('\n')
  })
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" ' +
      'xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${escapeXml(`Berita - ${site}`)}</title>`,
    `    <link>${escapeXml(`${origin}/posts`)}</link>`,
    `    <description>${escapeXml(identity.tagline || `Kabar terkini dari ${site}.`)}</description>`,
    '    <language>id</language>',
    ...(logo
      ? [
          `    <image><url>${escapeXml(logo)}</url><title>${escapeXml(`Berita - ${site}`)}</title>` +
            `<link>${escapeXml(`${origin}/posts`)}</link></image>`,
        ]
      : []),
    `    <atom:link href="${escapeXml(`${origin}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    `    <lastBuildDate>${(posts[0]?.updated_at ?? new Date()).toUTCString()}</lastBuildDate>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
  return new Response(body, {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': `public, max-age=${maxAge}` },
  })
}

/** GET /robots.txt: the public site is open to crawlers; the back office, the API and the login are not. */
export async function robotsLoader({ request }: LoaderFunctionArgs) {
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

/** GET /manifest.webmanifest: installable as an app, named after the village (Pengaturan Situs). */
export async function manifestLoader({ request }: LoaderFunctionArgs) {
  const { name, tagline } = await siteIdentity(request)
  const manifest = {
    name,
    short_name: name.length > 12 ? name.replace(/^Desa\s+/i, '').slice(0, 12) : name,
    description: tagline || `Situs resmi ${name}: berita, profil, aparatur, produk desa dan galeri.`,
    lang: 'id',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#047857',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  }
  return new Response(JSON.stringify(manifest), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}

/** GET /healthz: 200 when the database answers (the Dockerfile's health check), 503 otherwise. */
export async function healthzLoader() {
  try {
    await prisma.$queryRawUnsafe('SELECT 1')
    return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } })
  } catch {
    return Response.json({ status: 'unavailable' }, { status: 503, headers: { 'Cache-Control': 'no-store' } })
  }
}
