import { copiesOf, pictureSize, STORED_NAME, variantName } from '#core/image-variants.js'
import { uploadUrl } from './upload-urls'

/**
 * Images inside rich text (docs/decisions/027-alt-text-and-content-images.md): uploads of the kind `content`, addressed
 * `/uploads/content/{name}`. How saved HTML names them; plain functions the sanitiser, the models and tests share.
 */

const CONTENT_PREFIX = '/uploads/content/'

/** How wide an image inside an article shows: the text column is at most 48rem. */
const CONTENT_SIZES = '(min-width: 800px) 768px, 100vw'

/** The stored name of a `/uploads/content/{name}` address, or null for any other source. */
export function contentImageName(src: string): string | null {
  if (!src.startsWith(CONTENT_PREFIX)) return null
  const name = src.slice(CONTENT_PREFIX.length)
  return STORED_NAME.test(name) ? name : null
}

/** Whether `src` is an inline raster image, stored as an upload on save. */
export const isInlineImage = (src: string) => /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i.test(src)

/**
 * The attributes a stored content image is saved with: its address, alt text, the WebP copies in the widths it has
 * (`srcset`, `sizes`) and its own size (read from its name), so nothing jumps while it loads.
 */
export function contentImageAttributes(name: string, alt: string | undefined): Record<string, string> {
  const own = pictureSize(name)
  const widths = copiesOf(name)
  return {
    src: uploadUrl('content', name)!,
    alt: alt ?? '',
    ...(widths.length
      ? {
          srcset: widths.map((width) => `${uploadUrl('content', variantName(name, width))} ${width}w`).join(', '),
          sizes: CONTENT_SIZES,
        }
      : {}),
    ...(own ? { width: String(own.width), height: String(own.height) } : {}),
  }
}

export const IMG_SRC = /<img\b[^>]*?\ssrc="([^"]*)"/gi

/** Every image source of sanitised HTML (its attributes are always double-quoted). */
export const imageSources = (html: string) =>
  [...html.matchAll(IMG_SRC)].map((match) => match[1].replaceAll('&amp;', '&'))

/** The stored names of the content images of sanitised HTML, each once. */
export const contentImageNames = (html: string | null | undefined): string[] => [
  ...new Set(imageSources(html ?? '').flatMap((src) => contentImageName(src) ?? [])),
]

/** The first image of sanitised HTML that is neither ours nor inline (one from another site), or undefined. */
export const foreignImage = (html: string) =>
  imageSources(html).find((src) => !isInlineImage(src) && !contentImageName(src))
