import { PRIVATE_KINDS, UPLOAD_KINDS } from '#core/upload-kinds.js'

export { PRIVATE_KINDS, UPLOAD_KINDS }

export type UploadKind = (typeof UPLOAD_KINDS)[number]
/** The private area's folders (documents, report photos): never served under /uploads. */
export type PrivateKind = (typeof PRIVATE_KINDS)[number]
export type StoredKind = UploadKind | PrivateKind

export const isUploadKind = (value: string): value is UploadKind => (UPLOAD_KINDS as readonly string[]).includes(value)

export const isPrivateKind = (value: string): value is PrivateKind =>
  (PRIVATE_KINDS as readonly string[]).includes(value)

/** Where an uploaded image is served (`null` for an item without one). */
export const uploadUrl = (kind: UploadKind, image: string | null | undefined) =>
  image ? `/uploads/${kind}/${encodeURIComponent(image)}` : null

/** The kinds whose files a record's `image` (or the site's logo) names; `content` images are named inside rich text. */
export type RecordKind = Exclude<UploadKind, 'content'>

export const RECORD_KINDS = UPLOAD_KINDS.filter((kind): kind is RecordKind => kind !== 'content')
