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
