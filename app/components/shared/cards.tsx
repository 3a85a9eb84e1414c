import { Link } from '@remix-run/react'
import { createContext, useContext } from 'react'
import { formatDate, formatRupiah } from '~/lib/format'
import type { AparaturSummary, PageSummary, PostSummary, ProductSummary } from '~/lib/summaries'
import { ItemImage } from './upload-image'

export type { AparaturSummary, PageSummary, PostSummary, ProductSummary }

/** `item-card` and `item-card-link`: app/tailwind.css. */
const card = 'group item-card'

/**
 * A card's title is one level below the heading above it: `h3` under a home page section's `h2`, `h2` in a
 * list screen's grid, right under the page's `h1` (screen readers list headings by level).
 */
export const CardHeading = createContext<'h2' | 'h3'>('h3')

/** A card's title link: it stretches over the whole card (the `relative` around it), so all the card is the link. */
export function CardLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className="item-card-link">
      {children}
    </Link>
  )
}

function CardTitle({ className, children }: { className: string; children: React.ReactNode }) {
  return useContext(CardHeading) === 'h2' ? (
    <h2 className={className}>{children}</h2>
  ) : (
    <h3 className={className}>{children}</h3>
  )
}

/** A card with its item's wide picture on top, and `children` below it. */
export function PictureCard({
  kind,
  item,
  eager,
  children,
}: {
  kind: 'posts' | 'developments'
  item: { image: string | null; image_alt: string; title: string }
  eager: boolean
  children: React.ReactNode
}) {
  return (
    <article className={card}>
      <ItemImage kind={kind} item={item} label={item.title} eager={eager} className="aspect-video w-full" />
      <div className="flex flex-1 flex-col gap-2 p-5">{children}</div>
    </article>
  )
}

export function PostCard({ post, eager = false }: { post: PostSummary; eager?: boolean }) {
  return (
    <PictureCard kind="posts" item={post} eager={eager}>
      <p className="flex flex-wrap items-center gap-2 text-xs text-gray-500">
        <span className="chip">{post.category?.name ?? 'Berita'}</span>
        <time dateTime={new Date(post.created_at).toISOString()}>{formatDate(post.created_at)}</time>
      </p>
      <CardTitle className="text-lg font-semibold leading-snug text-gray-900">
        <CardLink to={`/posts/${post.slug}`}>{post.title}</CardLink>
      </CardTitle>
      <p className="line-clamp-3 text-sm text-gray-600">{post.excerpt}</p>
    </PictureCard>
  )
}

export function ProductCard({ product, eager = false }: { product: ProductSummary; eager?: boolean }) {
  return (
    <article className={card}>
      <ItemImage
        kind="products"
        item={product}
        label={product.title}
        eager={eager}
        sizes="(min-width: 1280px) 300px, (min-width: 768px) 25vw, 85vw"
        className="aspect-square w-full"
      />
      <div className="flex flex-1 flex-col gap-1 p-4">
        <CardTitle className="font-semibold leading-snug text-gray-900">
          <CardLink to={`/products/${product.slug}`}>{product.title}</CardLink>
        </CardTitle>
        <p className="text-sm text-gray-500">{product.owner}</p>
        <p className="mt-auto pt-2 text-lg font-bold text-emerald-700">{formatRupiah(product.price)}</p>
      </div>
    </article>
  )
}

export function AparaturCard({ aparatur, eager = false }: { aparatur: AparaturSummary; eager?: boolean }) {
  const name = aparatur.name || 'Nama Aparatur'
  return (
    <article className={`${card} items-center p-6 text-center`}>
      {aparatur.image ? (
        <ItemImage
          kind="aparaturs"
          item={aparatur}
          label={name}
          eager={eager}
          sizes="128px"
          className="h-32 w-32 rounded-full"
        />
      ) : (
        <PersonIcon className="h-32 w-32" />
      )}
      <CardTitle className="mt-4 font-semibold text-gray-900">
        <CardLink to={`/aparaturs/${aparatur.id}`}>{name}</CardLink>
      </CardTitle>
      <p className="text-sm text-gray-600">{aparatur.position || 'Jabatan Aparatur'}</p>
    </article>
  )
}

export function PageCard({ page }: { page: PageSummary }) {
  return (
    <article className={`${card} p-6`}>
      <p className="text-xs text-gray-500">
        <time dateTime={new Date(page.created_at).toISOString()}>{formatDate(page.created_at)}</time>
      </p>
      <CardTitle className="mt-2 text-lg font-semibold text-gray-900">
        <CardLink to={`/pages/${page.slug}`}>{page.title}</CardLink>
      </CardTitle>
      {page.excerpt ? <p className="mt-2 line-clamp-3 text-sm text-gray-600">{page.excerpt}</p> : null}
      <p className="mt-auto pt-4 text-sm font-semibold text-emerald-700" aria-hidden="true">
        Baca selengkapnya →
      </p>
    </article>
  )
}

/** The placeholder of an official without a photo. */
export function PersonIcon({ className = '' }: { className?: string }) {
  return (
    <span
      role="img"
      aria-label="Foto belum tersedia"
      className={`flex items-center justify-center rounded-full bg-emerald-50 text-emerald-300 ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-1/2 w-1/2" fill="currentColor">
        <path d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.5-8 5.5V21h16v-1.5c0-3-3.6-5.5-8-5.5Z" />
      </svg>
    </span>
  )
}
