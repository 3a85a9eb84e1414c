import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { DetailTop } from '~/components/shared/detail-top'
import { ShareButton, ShareSection } from '~/components/shared/share'
import { ArticleImage } from '~/components/shared/upload-image'
import { formatDateWithWeekday, readingMinutes } from '~/lib/format'
import { newsArticleLd } from '~/lib/json-ld'
import { itemMeta } from '~/lib/seo'
import { useSite } from '~/components/site/use-site'
import { postLoader } from '~/doors/content/public-pages.server'
import { noQuery } from '~/lib/cache-keys'

export const loader = postLoader

export const handle = { cacheKey: noQuery }

export { keepLoaderHeaders as headers } from '~/doors/site/public.server'

export const meta: MetaFunction<typeof loader> = itemMeta('posts', 'post', 'article', newsArticleLd)

export default function PostScreen() {
  const { post, preview } = useLoaderData<typeof loader>()
  const site = useSite()
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <DetailTop resource="posts" preview={preview} item={post} />
      <ArticleImage kind="posts" item={post} />
      <header className="mt-6">
        <div className="flex items-center justify-between gap-4">
          <span className="rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-800">
            {post.category?.name || 'Berita'}
          </span>
          <ShareButton title={post.title} />
        </div>
        <h1 className="mt-4 text-3xl font-bold leading-tight text-gray-900 md:text-4xl">{post.title}</h1>
        <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-600">
          <span>
            Oleh <span className="font-medium text-gray-800">{post.user?.name ?? site.name}</span>
          </span>
          <time dateTime={new Date(post.published_at ?? post.created_at).toISOString()}>
            {formatDateWithWeekday(post.published_at ?? post.created_at)}
          </time>
          <span>{readingMinutes(post.content)} menit baca</span>
        </p>
      </header>
      <div className="rich-text mt-8 text-gray-800" dangerouslySetInnerHTML={{ __html: post.content }} />
      <ShareSection title={post.title} />
    </article>
  )
}
