/**
 * The kinds of uploaded image: one folder each under UPLOADS_DIR, one address each under /uploads/{kind}/,
 * and the resources that hold an `image` (`settings`: the village's logo of Pengaturan Situs; `content`: the images
 * inside rich text, which no record's `image` names). Plain JavaScript, the one list that the app (through
 * app/lib/upload-urls.ts), the server (server/serve-uploads.mjs) and the backup and restore scripts all import, with or without a
 * build.
 */
export const UPLOAD_KINDS = /** @type {const} */ ([
  'posts',
  'products',
  'photos',
  'sliders',
  'aparaturs',
  'settings',
  'content',
  // A development project's picture and its progress photos (docs/api.md "Development projects").
  'developments',
])
