/**
 * The kinds of uploaded image: one folder each under UPLOADS_DIR, one address each under /uploads/{kind}/,
 * and the resources that hold an `image` (`events`: the agenda's pictures; `settings`: the village's logo of Pengaturan
 * Situs; `content`: the images inside rich text, which no record's `image` names). Plain JavaScript, the one list that
 * the app (through app/lib/upload-urls.ts), the server (server/serve-uploads.mjs) and the backup and restore scripts
 * all import, with or without a build.
 */
export const UPLOAD_KINDS = /** @type {const} */ ([
  'posts',
  'products',
  'photos',
  'sliders',
  'aparaturs',
  'events',
  'settings',
  'content',
  // A development project's picture and its progress photos (docs/api.md "Development projects").
  'developments',
  // A village map feature's photo (docs/api.md "Village map (peta desa)"; decision 079).
  'maps',
])

/**
 * The private area of the storage (docs/decisions/045-private-storage-of-documents.md): files no `/uploads/...`
 * address serves (and, on S3, in S3_PRIVATE_BUCKET when set): documents' PDFs and their preview pictures, and the
 * photos citizens attach to their reports, and letters: the files villagers attach to their requests and the issued
 * letters' PDFs (`private/letters`). Only the app's own routes hand them out, after their checks.
 */
export const PRIVATE_KINDS = /** @type {const} */ (['private/documents', 'private/reports', 'private/letters'])

/** Every folder of stored files, public and private: what backups, restores, migrations and sweeps walk. */
export const STORED_KINDS = /** @type {const} */ ([...UPLOAD_KINDS, ...PRIVATE_KINDS])
