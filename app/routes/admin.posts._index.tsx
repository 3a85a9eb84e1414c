import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { titled } from '~/components/admin/meta'
import { ListErrorBoundary, ListScreen } from '~/components/admin/resource-list'
import { useCan } from '~/components/admin/session'
import { deleteFromList, loadList } from '~/doors/admin.server'
import { formatDate } from '~/lib/format'
import { deletePost, getPost, listPosts } from '~/models/post.server'

export const meta = titled('Manage Posts')

type Row = Awaited<ReturnType<typeof getPost>>

export const loader = ({ request }: LoaderFunctionArgs) => loadList<Row>(request, 'posts-index', listPosts)

export const action = ({ request }: ActionFunctionArgs) => deleteFromList(request, { permission: 'posts-delete', thing: 'Post', remove: deletePost })

export const ErrorBoundary = ListErrorBoundary

export default function Posts() {
  const list = useLoaderData<typeof loader>()
  const can = useCan()
  return (
    <ListScreen
      title="Manage Posts"
      thing="post"
      emptyTitle="No Post Found"
      addLabel="Add New Post"
      createHref={can('posts-create') ? '/admin/posts/create' : undefined}
      editHref={can('posts-edit') ? (row) => `/admin/posts/edit/${row.id}` : undefined}
      canDelete={can('posts-delete')}
      rowLabel={(row) => row.title}
      list={list}
      columns={[
        { header: 'Post Title', cell: (row) => row.title },
        { header: 'Category', cell: (row) => row.category?.name ?? '-' },
        { header: 'User', cell: (row) => row.user?.name ?? '-' },
        { header: 'Created At', cell: (row) => formatDate(row.created_at) },
      ]}
    />
  )
}
