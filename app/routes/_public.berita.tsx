import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PostCard, type PostSummary } from '~/components/public/cards'
import { PublicList } from '~/components/public/list-controls'
import { publicPage } from '~/doors/public.server'
import { postSummary } from '~/lib/summaries'
import { canonicalPath, routeSeo } from '~/lib/seo'
import { listPublicPosts } from '~/models/post.server'

/** /berita (linked from the home page) is the news list itself, with the same search and paging. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  publicPage(request, context, listPublicPosts, postSummary)

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
