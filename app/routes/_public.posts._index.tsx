import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PostList } from '~/components/public/post-list'
import { postSummary, screenPage } from '~/lib/summaries'
import { routeSeo } from '~/lib/seo'
import { listPublicPosts } from '~/models/post.server'
import { publicList } from '~/doors/public.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const posts = screenPage(await publicList(request, context, listPublicPosts), postSummary)
  return { posts }
}

export const meta: MetaFunction<typeof loader> = (args) => routeSeo(args, (_data, site) => ({ title: 'Berita', description: `Berita dan kabar terkini dari ${site.name}.` }))

export default function PostsScreen() {
  const { posts } = useLoaderData<typeof loader>()
  return <PostList posts={posts} />
}
