/**
 * How large an upload may be (docs/api.md): the one home of these figures, read by the upload pipeline (the 413 and
 * 422 it gives, `Image may not be larger than 10 MB`), the resources' declarations, the forms' hints and messages, and
 * the OpenAPI document. A village's archive for import has its own limit, set per install: IMPORT_MAX_MB
 * (core/env.mjs).
 */

/** An image (a record's `image`, the logo, a picture in rich text, a report's photo): 413 past it, while it streams. */
export const IMAGE_MAX_MB = 10
/** A document's PDF (`file`): 413 on `File` past it. */
export const DOCUMENT_MAX_MB = 20
/** An image's width times height, in megapixels: a larger one is a 422 on `Image` (decoding it costs memory). */
export const IMAGE_MAX_MEGAPIXELS = 40
/** A map file to import (GeoJSON, KML, GPX; docs/api.md "Village map (peta desa)"): 413 on `File` past it. */
export const MAP_FILE_MAX_MB = 10
