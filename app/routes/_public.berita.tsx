import type { MetaFunction } from '@remix-run/node'
import { PostCard, type PostSummary } from '~/components/public/cards'
import { PublicList } from '~/components/public/list-controls'
import { canonicalPath, routeSeo } from '~/lib/seo'
import { postsLoader } from '~/doors/public-pages.server'
import { listQuery } from '~/lib/cache-keys'

/** /berita (linked from the home page) is the news list itself, with the same search and paging. */
export const loader = postsLoader

export const handle = { cacheKey: listQuery() }

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (_data, site) => ({
    title: 'Berita',
    description: `Berita dan kabar terkini dari ${site.name}.`,
    // The same list as /posts: search engines are pointed there.
    path: canonicalPath({ pathname: '/posts', search: args.location.search }),
  }))

export default function BeritaScreen() {
  return <PublicList of="posts" card={(post: PostSummary, eager) => <PostCard post={post} eager={eager} />} />
}
