import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PostList } from '~/components/public/post-list'
import type { Paginated } from '~/lib/paging'
import { canonicalPath, routeSeo } from '~/lib/seo'
import { type homePosts, listPublicPosts } from '~/models/post.server'
import { publicList } from '~/doors/public.server'

// The rows the model selects (its list helper is not generic over them).
type Row = Awaited<ReturnType<typeof homePosts>>[number]

/** /berita (linked from the home page) is the news list itself, with the same search and paging. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const posts = (await publicList(request, context, listPublicPosts)) as Paginated<Row>
  return { posts }
}

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (_data, site) => ({
    title: 'Berita',
    description: `Berita dan kabar terkini dari ${site.name}.`,
    // The same list as /posts: search engines are pointed there.
    path: canonicalPath({ pathname: '/posts', search: args.location.search }),
  }))

export default function BeritaScreen() {
  const { posts } = useLoaderData<typeof loader>()
  return <PostList posts={posts} />
}
