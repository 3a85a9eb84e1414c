import type { MetaFunction } from '@remix-run/node'
import { PostCard, type PostSummary } from '~/components/shared/cards'
import { PublicList } from '~/components/shared/list-controls'
import { routeSeo } from '~/lib/seo'
import { postsLoader } from '~/doors/content/public-pages.server'
import { listQuery } from '~/lib/cache-keys'

export const loader = postsLoader

export const handle = { cacheKey: listQuery() }

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (_data, site) => ({ title: 'Berita', description: `Berita dan kabar terkini dari ${site.name}.` }))

export default function PostsScreen() {
  return (
    <PublicList of="posts" siteSearch card={(post: PostSummary, eager) => <PostCard post={post} eager={eager} />} />
  )
}
