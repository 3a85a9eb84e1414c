import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PostCard, type PostSummary } from '~/components/public/cards'
import { PublicList } from '~/components/public/list-controls'
import { publicPage } from '~/doors/public.server'
import { routeSeo } from '~/lib/seo'
import { listPosts } from '~/models/post.server'

export const loader = ({ request }: LoaderFunctionArgs) => publicPage(request, listPosts)

export const meta: MetaFunction<typeof loader> = (args) => routeSeo(args, (_data, site) => ({ title: 'Berita', description: `Berita dan kabar terkini dari ${site.name}.` }))

export default function PostsScreen() {
  return <PublicList of="posts" card={(post: PostSummary, eager) => <PostCard post={post} eager={eager} />} />
}
