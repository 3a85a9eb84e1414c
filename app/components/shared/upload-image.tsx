import { ResponsiveImage } from '~/components/shared/responsive-image'
import type { UploadKind } from '~/lib/upload-urls'

type Props = {
  kind: UploadKind
  image: string | null | undefined
  alt: string
  width: number
  height: number
  className?: string
  /** Images above the fold load at once; the rest wait until they are scrolled near. */
  eager?: boolean
  /** How wide it shows (the browser picks a stored width from it); a grid card's by default. */
  sizes?: string
}

/** A card in a grid of 1, 2 or 3 columns inside the 80rem page. */
const CARD_SIZES = '(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw'

/**
 * An uploaded picture with its intrinsic size declared (so nothing jumps while it loads), or a
 * neutral placeholder of the same shape when the item has none.
 */
export function UploadImage({
  kind,
  image,
  alt,
  width,
  height,
  className = '',
  eager = false,
  sizes = CARD_SIZES,
}: Props) {
  if (!image) {
    return (
      <div
        role="img"
        aria-label={alt ? `${alt} (tanpa gambar)` : 'Tanpa gambar'}
        className={`flex items-center justify-center bg-emerald-50 text-emerald-300 ${className}`}
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-12 w-12"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <rect x="3" y="4" width="18" height="16" rx="2" />
          <circle cx="8.5" cy="9.5" r="1.5" />
          <path d="m21 16-5-5-9 9" />
        </svg>
      </div>
    )
  }
  return (
    <ResponsiveImage
      kind={kind}
      image={image}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={`bg-gray-100 object-cover ${className}`}
    />
  )
}

/** The shape (intrinsic width and height) that the screens show each kind's pictures at. */
const SHAPES = {
  posts: [1200, 675],
  events: [1200, 675],
  developments: [1200, 675],
  products: [900, 900],
  aparaturs: [600, 600],
  photos: [1200, 900],
  sliders: [1600, 700],
} as const

/**
 * An item's picture at its kind's shape (unless `width` and `height` say otherwise): its alt text is the item's own,
 * or `label` (the item's title or name) when it has none.
 */
export function ItemImage({
  kind,
  item,
  label,
  width = SHAPES[kind][0],
  height = SHAPES[kind][1],
  ...props
}: Omit<Props, 'kind' | 'image' | 'alt' | 'width' | 'height'> & {
  kind: keyof typeof SHAPES
  item: { image: string | null | undefined; image_alt: string }
  label: string
  width?: number
  height?: number
}) {
  return (
    <UploadImage
      kind={kind}
      image={item.image}
      alt={item.image_alt || label}
      width={width}
      height={height}
      {...props}
    />
  )
}

/** The wide picture under the way back on an article's screen (a post, an event, a project), when it has one. */
export function ArticleImage({
  kind,
  item,
  sizes = '(min-width: 800px) 736px, 100vw',
}: {
  kind: 'posts' | 'events' | 'developments'
  item: { image: string | null; image_alt: string; title: string }
  /** The article's column: `max-w-3xl` by default. */
  sizes?: string
}) {
  if (!item.image) return null
  return (
    <ItemImage
      kind={kind}
      item={item}
      label={item.title}
      eager
      sizes={sizes}
      className="mt-6 aspect-video w-full rounded-2xl"
    />
  )
}
