import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PostCard, type PostSummary } from '~/components/public/cards'
import { PublicList } from '~/components/public/list-controls'
import { publicPage } from '~/doors/public.server'
import { postSummary } from '~/lib/summaries'
import { routeSeo } from '~/lib/seo'
import { listPublicPosts } from '~/models/post.server'

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  publicPage(request, context, listPublicPosts, postSummary)

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (_data, site) => ({ title: 'Berita', description: `Berita dan kabar terkini dari ${site.name}.` }))

export default function PostsScreen() {
  return (
    <PublicList of="posts" siteSearch card={(post: PostSummary, eager) => <PostCard post={post} eager={eager} />} />
  )
}
