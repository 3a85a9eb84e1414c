import { copiesOf, pictureSize, variantName } from '#core/image-variants.js'
import { uploadUrl, type UploadKind } from '~/lib/upload-urls'

/**
 * The `srcset` of an uploaded picture: its WebP copies in the widths it really has (see core/image-variants.js),
 * or undefined when it has none (a GIF, a small picture, a name stored without its size).
 */
export function uploadSrcSet(kind: UploadKind, image: string): string | undefined {
  const widths = copiesOf(image)
  if (!widths.length) return undefined
  return widths.map((width) => `${uploadUrl(kind, variantName(image, width))} ${width}w`).join(', ')
}

type Props = Omit<React.ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> & {
  kind: UploadKind
  image: string
  /** How wide the picture shows, e.g. "(min-width: 768px) 33vw, 100vw": the browser picks the copy from it. */
  sizes: string
  /** The shape the layout gives the picture, declared when its own size is not known (a name without it). */
  width: number
  height: number
}

/**
 * An uploaded picture: the original as `src`, the WebP copies in `srcset`, with its own size declared (read from
 * its stored name) so nothing jumps while it loads.
 */
export function ResponsiveImage({ kind, image, sizes, alt, width, height, ...rest }: Props) {
  const srcSet = uploadSrcSet(kind, image)
  const own = pictureSize(image)
  return (
    <img
      src={uploadUrl(kind, image)!}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={own?.width ?? width}
      height={own?.height ?? height}
      {...rest}
    />
  )
}
