import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PostCard, type PostSummary } from '~/components/shared/cards'
import { PublicList } from '~/components/shared/list-controls'
import { canonicalPath, routeSeo } from '~/lib/seo'
import { PortalNews } from '~/components/regency/portal'
import { newsOrPortalLoader } from '~/doors/regency/regency-portal.server'
import { listQuery } from '~/lib/cache-keys'

/**
 * /berita (linked from the home page) is the news list itself, with the same search and paging; at the regency host
 * (REGENCY_HOST), the news of every active village together.
 */
export const loader = newsOrPortalLoader

export const handle = { cacheKey: listQuery(), regency: true }

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (data, site) =>
    data.portal
      ? { title: 'Berita Desa', description: `Kabar terbaru dari desa-desa di ${site.name}.` }
      : {
          title: 'Berita',
          description: `Berita dan kabar terkini dari ${site.name}.`,
          // The same list as /posts: search engines are pointed there.
          path: canonicalPath({ pathname: '/posts', search: args.location.search }),
        },
  )

export default function BeritaScreen() {
  const data = useLoaderData<typeof loader>()
  if (data.portal) return <PortalNews />
  return <PublicList of="posts" card={(post: PostSummary, eager) => <PostCard post={post} eager={eager} />} />
}
