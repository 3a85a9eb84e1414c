import sanitizeHtml from 'sanitize-html'
import { z } from 'zod'
import { errorKey } from '~/lib/error-keys'
import { contentImageAttributes, contentImageName, foreignImage } from '~/lib/content-image-urls'
import { richText } from './validation.server'

/** Quill 2's class names: alignment, indentation, direction, size, font. Anything else is dropped. */
const QUILL_CLASSES = [
  /^ql-align-(center|right|justify)$/,
  /^ql-indent-[1-9]$/,
  /^ql-direction-rtl$/,
  /^ql-size-(small|large|huge)$/,
  /^ql-font-(serif|monospace)$/,
]

const BLOCKS = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'blockquote', 'pre', 'ol', 'ul']

/** Image sources we show: web addresses, inline raster images, and our own uploads. */
function isSafeImageSource(src: string): boolean {
  const value = src.trim()
  if (/^https?:\/\//i.test(value)) return true
  if (/^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i.test(value)) return true
  return (
    /^\/uploads\/(posts|products|photos|sliders|aparaturs|settings|content)\/[A-Za-z0-9._-]+$/.test(value) &&
    !value.includes('..')
  )
}

/** The inline marks a rich text keeps (the site's editor and a letter's body alike). */
export const INLINE_MARKS = ['br', 'strong', 'b', 'em', 'i', 'u', 's', 'strike']

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...BLOCKS, ...INLINE_MARKS, 'sub', 'sup', 'code', 'a', 'img', 'span'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'srcset', 'sizes'],
    li: ['data-list'],
    pre: ['data-language'],
    ol: ['start'],
  },
  allowedClasses: Object.fromEntries([...BLOCKS, 'span'].map((tag) => [tag, QUILL_CLASSES])),
  // Links: web, mail, phone and text-message addresses (what Quill's link format allows). Images: see below.
  allowedSchemes: ['http', 'https', 'mailto', 'tel', 'sms'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Dropped together with their content, not just unwrapped.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'template',
    'xmp',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'select',
  ],
  transformTags: {
    a: (tagName, attribs) => {
      const { href } = attribs
      // Every link opens in a new tab and gives the other site no handle on ours.
      const safe: sanitizeHtml.Attributes = href ? { href, target: '_blank', rel: 'noopener noreferrer nofollow' } : {}
      return { tagName, attribs: safe }
    },
    img: (tagName, attribs) => {
      const { src, srcset: _srcset, sizes: _sizes, ...rest } = attribs
      if (!src || !isSafeImageSource(src)) return { tagName, attribs: rest }
      // Our own content images get their copies and size from their stored name; nothing else has a srcset.
      const ours = contentImageName(src.trim())
      return { tagName, attribs: ours ? contentImageAttributes(ours, rest.alt) : { ...rest, src: src.trim() } }
    },
    li: (tagName, attribs) => {
      const list = attribs['data-list']
      const { 'data-list': _ignored, ...rest } = attribs
      return {
        tagName,
        attribs:
          list && ['bullet', 'ordered', 'checked', 'unchecked'].includes(list) ? { ...rest, 'data-list': list } : rest,
      }
    },
  },
  // An image without a (safe) source is nothing.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
}

/**
 * Rich-text HTML as stored: only what Quill 2 produces (headings, paragraphs, inline marks, lists with
 * `data-list`, quotes, code, safe links and images, Quill's layout classes). Scripts, event handlers,
 * `javascript:` URLs, frames, forms and `style` attributes never survive.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim()
}

/**
 * A rich-text form field, sanitised before it is judged: markup that is dropped cannot count as content. Its images
 * must be our own content uploads or inline `data:` images (which the model stores on save, content-images.server.ts):
 * an image from anywhere else is refused on the field.
 */
export const sanitizedRichText = (label: string, options: { required: boolean }) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? sanitizeRichText(value) : value),
    richText(label, options).superRefine((html, context) => {
      const src = typeof html === 'string' ? foreignImage(html) : undefined
      if (src)
        context.addIssue({
          code: 'custom',
          message:
            `${errorKey(label)} may only hold images uploaded here (paste or upload the image instead of ` +
            `${src.slice(0, 100)})`,
        })
    }),
  )
