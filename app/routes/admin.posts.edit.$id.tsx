import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePermission } from '~/auth/session.server'
import { PostFields } from '~/components/admin/fields'
import { ResourceForm, useFieldErrors } from '~/components/admin/form'
import { titled } from '~/components/admin/meta'
import { RecordErrorBoundary } from '~/components/admin/resource-list'
import { loadRecord, routeId, submitForm } from '~/doors/admin.server'
import { allCategories } from '~/models/category.server'
import { getPost, updatePost } from '~/models/post.server'

export const meta = titled('Edit Post')

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePermission(request, 'posts-edit')
  const [post, categories] = await Promise.all([loadRecord(() => getPost(routeId(params.id))), allCategories()])
  return { post, categories }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, 'posts-edit')
  const id = routeId(params.id)
  return submitForm(request, (input) => updatePost(id, input, user), { to: '/admin/posts', message: 'Post updated successfully!' }, { resource: 'posts', id })
}

export const ErrorBoundary = RecordErrorBoundary

export default function EditPost() {
  const { post, categories } = useLoaderData<typeof loader>()
  return (
    <ResourceForm title="Edit Post" mode="edit" multipart>
      <PostFields errors={useFieldErrors()} categories={categories} post={post} />
    </ResourceForm>
  )
}
