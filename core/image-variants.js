// How uploaded pictures are stored and offered in several widths. Plain JavaScript (with JSDoc types) because
// three runtimes share it: the app (storeImage, <ResponsiveImage>), the Express layer that serves /uploads
// (server/serve-uploads.mjs) and the benchmark's village generator (scripts/bench/generate.mjs).

/** The standard widths of the WebP copies, for `srcset`. */
export const VARIANT_WIDTHS = [320, 640, 1024, 1600]

/**
 * A stored picture: a random stem, the picture's own size as stored (`-{width}x{height}`) and its format.
 * Names stored before sizes were part of them (`{32 hex}.jpg`) have no size; the start-up pass of
 * app/models/site/upload-sizes.server.ts gives them one.
 */
export const STORED_NAME = /^([a-f0-9]{32})(?:-(\d{1,8})x(\d{1,8}))?\.(jpg|png|gif|webp)$/

/** A WebP width copy of a stored picture: `{stem}-{width}.webp` (also the copies of a name without a size). */
export const COPY_NAME = /^([a-f0-9]{32}(?:-\d{1,8}x\d{1,8})?)-(\d{2,4})\.webp$/

/**
 * The name a picture is stored under.
 * @param {string} random 32 hex characters
 * @param {number} width
 * @param {number} height
 * @param {string} extension jpg, png, gif or webp
 */
export const storedName = (random, width, height, extension) => `${random}-${width}x${height}.${extension}`

/**
 * The picture's own size, read from its stored name; undefined for a name without one.
 * @param {string} name
 * @returns {{ width: number, height: number } | undefined}
 */
export function pictureSize(name) {
  const match = STORED_NAME.exec(name)
  return match?.[2] ? { width: Number(match[2]), height: Number(match[3]) } : undefined
}

/**
 * The widths a picture `width` px wide has WebP copies in: each standard width below its own, and its own width
 * when that is not above the largest standard one. A copy is never wider than the picture, so no two widths
 * name the same pixels; a picture narrower than the smallest width gets none (its original is small already).
 * @param {number} width
 * @returns {number[]}
 */
export function copyWidths(width) {
  if (width < VARIANT_WIDTHS[0]) return []
  const below = VARIANT_WIDTHS.filter((standard) => standard < width)
  return width <= VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1] ? [...below, width] : below
}

/**
 * The widths of the copies stored for `name`: none for a GIF (possibly animated: only its original is kept) or
 * for a name without a size (it is not known which copies would be honest).
 * @param {string} name
 * @returns {number[]}
 */
export function copiesOf(name) {
  const size = pictureSize(name)
  return size && !name.endsWith('.gif') ? copyWidths(size.width) : []
}

/**
 * `abc-800x600.jpg` at 640 px: `abc-800x600-640.webp`.
 * @param {string} name
 * @param {number} width
 */
export const variantName = (name, width) => `${name.replace(/\.[a-z]+$/, '')}-${width}.webp`
