import crypto from 'node:crypto'

/**
 * The ETag of a body (text or bytes): weak, because compression may change the bytes sent. The one recipe of the
 * public API's answers (app/public-reads/read-memo.server.ts) and of the response cache's stored ones
 * (server/response-cache.mjs), so a client's tag matches whichever of them answers next.
 * @param {string | Uint8Array} body
 */
export const etagOf = (body) => `W/"${crypto.createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`
