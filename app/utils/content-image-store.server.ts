import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { errorKey } from '~/lib/error-keys'
import { IMG_SRC, imageSources, isInlineImage } from '~/lib/content-image-urls'
import { uploadUrl } from '~/lib/upload-urls'
import { HttpError, validationError } from './http.server'
import { removeImage, storeImage, unmarkPending } from './upload-pipeline.server'

/**
 * Saving images inside rich text (docs/decisions/027-alt-text-and-content-images.md): saved rich text holds no `data:`
 * image (stored here on save) and no image from elsewhere (refused by the rich-text field, sanitize.server.ts).
 */

/**
 * Stores every `data:` image of the sanitised rich-text values `fields` of `data` as a content upload (through
 * storeImage: the same checks, re-encoding without EXIF or GPS, width copies and pending markers as any upload) and
 * returns the values pointing at the stored copies, and the stored names. A damaged image is a 422 on its field, and
 * leaves nothing stored. `sanitize` gives the rewritten HTML the attributes of its stored images.
 */
export async function storeInlineImages<D extends Record<string, unknown>>(
  data: D,
  fields: readonly (keyof D & string)[],
  sanitize: (html: string) => string,
): Promise<{ data: D; stored: string[] }> {
  const stored: string[] = []
  const out: Record<string, unknown> = { ...data }
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'balai-inline-'))
  try {
    for (const field of fields) {
      const html = data[field]
      if (typeof html !== 'string' || !html.includes('data:image/')) continue
      const names = new Map<string, string>()
      for (const src of imageSources(html).filter(isInlineImage)) {
        if (names.has(src)) continue
        const bytes = Buffer.from(src.slice(src.indexOf(',') + 1), 'base64')
        const tempPath = path.join(work, `inline-${stored.length}`)
        await fsp.writeFile(tempPath, bytes)
        try {
          const name = await storeImage({ tempPath, size: bytes.length, originalName: '' }, 'content')
          stored.push(name)
          names.set(src, name)
        } catch (error) {
          if (error instanceof HttpError && error.status === 422) {
            const key = errorKey(field)
            throw validationError({ [key]: `${key} holds an image that is not a whole JPEG, PNG, GIF or WebP image` })
          }
          throw error
        }
      }
      // Replaced by address, not by position: the same picture pasted twice is stored once.
      const replaced = html.replace(IMG_SRC, (tag: string, src: string) => {
        const name = names.get(src.replaceAll('&amp;', '&'))
        return name ? tag.replace(`src="${src}"`, `src="${uploadUrl('content', name)}"`) : tag
      })
      out[field] = sanitize(replaced)
    }
    return { data: out as D, stored }
  } catch (error) {
    await forgetStored(stored)
    throw error
  } finally {
    await fsp.rm(work, { recursive: true, force: true })
  }
}

/** Removes content uploads stored for a write that did not happen (and their pending markers). */
export async function forgetStored(names: string[]) {
  if (!names.length) return
  await Promise.all(names.map((name) => removeImage('content', name).catch(() => undefined)))
  await unmarkPending(names).catch(() => undefined)
}
