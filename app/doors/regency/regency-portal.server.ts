import type { AppLoadContext, LoaderFunctionArgs } from '@remix-run/node'
import { excerpt } from '~/lib/format'
import { parseListQuery, PUBLIC_PAGE_SIZE } from '~/lib/paging'
import { escapeXml } from '~/lib/xml'
import { portalVillages, regencyNews } from '~/models/regency/regency.server'
import { siteIdentity } from '~/models/site/site-identity.server'
import { atRegency } from '~/models/regency/villages.server'
import { bannerLoader } from '~/doors/content/announcements.server'
import { homeLoader, postsLoader } from '~/doors/content/public-pages.server'
import { rssLoader } from '~/doors/site/site-files.server'

/**
 * The regency portal (docs/api.md "Many villages in one install"): at the regency host, `/` lists the active villages
 * and `/berita` (and `/rss.xml`) the news of all of them together, each item linking to its village's own host. The
 * same addresses at a village's host are the village's own screens. What the portal shows is read from every village's
 * database (each through its read memo); the response cache keeps `/` and `/berita` under the regency's public
 * version, which every village's write moves (decision 081), so a change shows from the next request on.
 */

type Args = { request: Request; context: AppLoadContext }

/** A page of the portal's news: each post with its village, its excerpt and its address on the village's host. */
async function portalNews(request: Request) {
  const url = new URL(request.url)
  const page = await regencyNews(parseListQuery(url.searchParams, PUBLIC_PAGE_SIZE), url.pathname, url)
  return {
    current_page: page.current_page,
    last_page: page.last_page,
    data: page.data.map((item) => {
      const post = item as typeof item & Record<string, unknown>
      return {
        // Unique across villages: the same post id lives in each village's own database.
        id: `${post.village.slug}-${String(post.id)}`,
        title: String(post.title),
        url: post.url,
        published_at: new Date(post.published_at as string | Date).toISOString(),
        excerpt: excerpt(post.content as string | null, 200),
        village: post.village,
      }
    }),
  }
}

/** `/`: the village's home page, or at the regency host the portal's list of villages. */
export async function homeOrPortalLoader({ request }: Args) {
  if (!atRegency()) return { portal: false as const, ...(await homeLoader()) }
  return { portal: true as const, villages: await portalVillages(new URL(request.url)) }
}

/** `/berita`: the village's news list, or at the regency host the news of every active village together. */
export async function newsOrPortalLoader(args: LoaderFunctionArgs) {
  if (!atRegency()) return { portal: false as const, ...(await postsLoader(args)) }
  const news = await portalNews(args.request)
  // A page past the last one is not kept (as a village's lists).
  if (news.current_page > news.last_page) args.context.skipResponseCache?.()
  return { portal: true as const, ...news }
}

/**
 * The public layout: at a village's host the announcements of its banner, at the regency host the portal's frame (its
 * own header and footer, no banner: the regency's announcements show on the villages' sites).
 */
export async function publicLayoutLoader() {
  if (atRegency()) return { portal: true as const, announcements: [] }
  return { portal: false as const, ...(await bannerLoader()) }
}

/** `/rss.xml`: the village's feed, or at the regency host the portal's news (the newest posts of every village). */
export async function rssOrPortalLoader(args: LoaderFunctionArgs) {
  if (!atRegency()) return rssLoader(args)
  const [identity, news] = await Promise.all([
    siteIdentity(args.request),
    portalNews(new Request(new URL('/berita', args.request.url))),
  ])
  const { url: origin, name } = identity
  const items = news.data.map((post) =>
    [
      '    <item>',
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(post.url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(post.url)}</guid>`,
      `      <pubDate>${new Date(post.published_at).toUTCString()}</pubDate>`,
      `      <dc:creator>${escapeXml(post.village.name)}</dc:creator>`,
      `      <category>${escapeXml(post.village.name)}</category>`,
      `      <source url="${escapeXml(`${post.village.url}rss.xml`)}">${escapeXml(post.village.name)}</source>`,
      `      <description>${escapeXml(post.excerpt)}</description>`,
      '    </item>',
    ].join('\n'),
  )
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${escapeXml(`Berita Desa - ${name}`)}</title>`,
    `    <link>${escapeXml(`${origin}/berita`)}</link>`,
    `    <description>${escapeXml(`Kabar terbaru dari desa-desa di ${name}.`)}</description>`,
    '    <language>id</language>',
    `    <atom:link href="${escapeXml(`${origin}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    `    <lastBuildDate>${(news.data[0] ? new Date(news.data[0].published_at) : new Date()).toUTCString()}</lastBuildDate>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
  // Read from every village at each request: neither the response cache nor a proxy keeps it for long.
  args.context.skipResponseCache?.()
  return new Response(body, {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'public, max-age=60' },
  })
}
