/**
 * The REST API's failure envelope (docs/api.md "Envelope") and the paths it answers: one home for the front
 * (server/http-front.mjs, server/security.mjs: the answers given before Remix runs) and the app
 * (app/utils/http.server.ts).
 */

/** An `/api` path, in any case (route matching ignores case): `/api`, `/api/...`. */
export const isApiPath = (/** @type {string} */ path) => /^\/api(?:\/|$)/i.test(path)

/**
 * The body of a failure: `{success: false, message, errors}`, `errors` keyed by field or null.
 * @param {string} message
 * @param {Record<string, string> | null} [errors]
 */
export const failureBody = (message, errors = null) => ({ success: false, message, errors })
