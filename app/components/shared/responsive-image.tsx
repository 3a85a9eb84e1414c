import { hasVariants, VARIANT_WIDTHS, variantName } from '~/lib/image-variants'
import { uploadUrl, type UploadKind } from '~/lib/uploads'

/**
 * The `srcset` of an uploaded picture: its WebP copies in every stored width (see app/lib/image-variants.ts),
 * or undefined for a GIF, which has only its original.
 */
export function uploadSrcSet(kind: UploadKind, image: string): string | undefined {
  if (!hasVariants(image)) return undefined
  return VARIANT_WIDTHS.map((width) => `${uploadUrl(kind, variantName(image, width))} ${width}w`).join(', ')
}

type Props = Omit<React.ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> & {
  kind: UploadKind
  image: string
  /** How wide the picture shows, e.g. "(min-width: 768px) 33vw, 100vw": the browser picks the copy from it. */
  sizes: string
  width: number
  height: number
}

/** An uploaded picture: the original as `src`, the WebP copies in `srcset`, with its size declared. */
export function ResponsiveImage({ kind, image, sizes, alt, ...rest }: Props) {
  const srcSet = uploadSrcSet(kind, image)
  return <img src={uploadUrl(kind, image)!} srcSet={srcSet} sizes={srcSet ? sizes : undefined} alt={alt} {...rest} />
}
