import type { ScreenPage } from '~/lib/summaries'
import { CardGrid, PostCard, type PostSummary } from './cards'
import { EmptyState, ListHeader, ListSearch, Pagination } from './list-controls'

/** The news list, shown at /posts and /berita. */
export function PostList({ posts }: { posts: ScreenPage<PostSummary> }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <ListHeader title="Berita Desa" intro="Kabar terbaru dari pemerintah dan warga desa.">
        <ListSearch label="Cari berita" placeholder="Cari berita..." />
      </ListHeader>
      {posts.data.length === 0 ? (
        <EmptyState>Tidak ada post yang tersedia.</EmptyState>
      ) : (
        <CardGrid label="Daftar berita">
          {posts.data.map((post, index) => (
            <li key={post.id}>
              <PostCard post={post} eager={index < 3} />
            </li>
          ))}
        </CardGrid>
      )}
      <Pagination current={posts.current_page} last={posts.last_page} />
    </div>
  )
}
