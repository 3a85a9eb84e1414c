/**
 * Every still JPEG, PNG or WebP upload is also stored as `{stem}-{w}.webp` in these widths (see storeImage in
 * uploads.server.ts), for `srcset`. A picture narrower than a width is not enlarged: that copy keeps its own
 * size, so every name a srcset lists exists. GIFs (possibly animated) keep only their original.
 */
export const VARIANT_WIDTHS = [320, 640, 1024, 1600] as const

export const hasVariants = (name: string) => /\.(jpg|png|webp)$/.test(name)

/** `abc.jpg` at 640 px: `abc-640.webp`. */
export const variantName = (name: string, width: number) => `${name.replace(/\.[a-z]+$/, '')}-${width}.webp`
