import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PostList } from '~/components/public/post-list'
import type { Paginated } from '~/lib/paging'
import { routeSeo } from '~/lib/seo'
import { type homePosts, listPublicPosts } from '~/models/post.server'
import { publicList } from '~/doors/public.server'

// The rows the model selects (its list helper is not generic over them).
type Row = Awaited<ReturnType<typeof homePosts>>[number]

export async function loader({ request, context }: LoaderFunctionArgs) {
  const posts = (await publicList(request, context, listPublicPosts)) as Paginated<Row>
  return { posts }
}

export const meta: MetaFunction<typeof loader> = (args) => routeSeo(args, (_data, site) => ({ title: 'Berita', description: `Berita dan kabar terkini dari ${site.name}.` }))

export default function PostsScreen() {
  const { posts } = useLoaderData<typeof loader>()
  return <PostList posts={posts} />
}
