import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requirePermission } from '~/auth/session.server'
import { PostFields } from '~/components/admin/fields'
import { ResourceForm, useFieldErrors } from '~/components/admin/form'
import { titled } from '~/components/admin/meta'
import { submitForm } from '~/doors/admin.server'
import { allCategories } from '~/models/category.server'
import { createPost } from '~/models/post.server'

export const meta = titled('Create Post')

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, 'posts-create')
  return { categories: await allCategories() }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePermission(request, 'posts-create')
  return submitForm(request, (input) => createPost(input, user), { to: '/admin/posts', message: 'Post created successfully!' }, { resource: 'posts' })
}

export default function CreatePost() {
  const { categories } = useLoaderData<typeof loader>()
  return (
    <ResourceForm title="Create Post" mode="create" multipart>
      <PostFields errors={useFieldErrors()} categories={categories} />
    </ResourceForm>
  )
}
