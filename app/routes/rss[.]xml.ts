import type { LoaderFunctionArgs } from '@remix-run/node'
import { storedImageInfo } from '~/utils/upload-pipeline.server'
import { excerpt } from '~/lib/format'
import { escapeXml } from '~/lib/xml'
import { feedPosts } from '~/models/sitemap.server'
import { siteIdentity } from '~/models/site-identity.server'
import { publicMaxAge } from '~/models/publishing.server'

/** GET /rss.xml: an RSS 2.0 feed of the latest posts, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
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
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${escapeXml(`Berita - ${site}`)}</title>`,
    `    <link>${escapeXml(`${origin}/posts`)}</link>`,
    `    <description>${escapeXml(identity.tagline || `Kabar terkini dari ${site}.`)}</description>`,
    '    <language>id</language>',
    ...(logo
      ? [
          `    <image><url>${escapeXml(logo)}</url><title>${escapeXml(`Berita - ${site}`)}</title><link>${escapeXml(`${origin}/posts`)}</link></image>`,
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
