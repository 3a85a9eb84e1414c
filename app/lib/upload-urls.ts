import { UPLOAD_KINDS } from '#core/upload-kinds.js'

export { UPLOAD_KINDS }

export type UploadKind = (typeof UPLOAD_KINDS)[number]

export const isUploadKind = (value: string): value is UploadKind => (UPLOAD_KINDS as readonly string[]).includes(value)

/** Where an uploaded image is served (`null` for an item without one). */
export const uploadUrl = (kind: UploadKind, image: string | null | undefined) =>
  image ? `/uploads/${kind}/${encodeURIComponent(image)}` : null

/** The kinds whose files a record's `image` (or the site's logo) names; `content` images are named inside rich text. */
export type RecordKind = Exclude<UploadKind, 'content'>

export const RECORD_KINDS = UPLOAD_KINDS.filter((kind): kind is RecordKind => kind !== 'content')
