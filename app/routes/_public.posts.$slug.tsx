import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { BackLink } from '~/components/public/back-link'
import { detailLoader } from '~/doors/public.server'
import { PreviewBanner } from '~/components/public/preview-banner'
import { ShareButton, ShareSection } from '~/components/public/share'
import { UploadImage } from '~/components/public/upload-image'
import { formatDateWithWeekday, readingMinutes } from '~/lib/format'
import { newsArticleLd } from '~/lib/json-ld'
import { describe, routeSeo } from '~/lib/seo'
import { uploadUrl } from '~/lib/upload-urls'
import { publicPost } from '~/models/public-catalog.server'
import { previewPost } from '~/models/post.server'
import { useSite } from '~/root'

export const loader = (args: LoaderFunctionArgs) =>
  detailLoader(args, 'posts', { visible: publicPost, preview: previewPost }, (post, preview) => ({ post, preview }))

export { keepLoaderHeaders as headers } from '~/doors/public.server'

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (data, site) => ({
    title: data.post.title,
    description: describe(data.post.content, data.post.title),
    image: uploadUrl('posts', data.post.image),
    imageAlt: data.post.image_alt || undefined,
    type: 'article',
    jsonLd: newsArticleLd(site, data.post),
    noindex: !!data.preview,
  }))

export default function PostScreen() {
  const { post, preview } = useLoaderData<typeof loader>()
  const site = useSite()
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <PreviewBanner state={preview} publishedAt={post.published_at} editHref={`/admin/posts/edit/${post.id}`} />
      <BackLink fallback="/posts">Kembali ke Berita</BackLink>
      {post.image ? (
        <UploadImage
          kind="posts"
          image={post.image}
          alt={post.image_alt || post.title}
          width={1200}
          height={675}
          eager
          sizes="(min-width: 800px) 736px, 100vw"
          className="mt-6 aspect-video w-full rounded-2xl"
        />
      ) : null}
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
