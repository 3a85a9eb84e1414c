/**
 * Which routes the regency host serves (REGENCY_HOST; docs/api.md "Many villages in one install"): a route declares
 * `handle.regency`, and the front (server/regency-host.mjs) answers every other address of the regency host with
 * the 404 `Desa tidak ditemukan` before anything of the app runs, the way it learns `handle.cacheKey`
 * (app/lib/cache-keys.ts). `true`: every address of the route; a function: the addresses whose matched path
 * parameters it accepts, for a route the regency shares with the villages. A route that declares nothing is a
 * village's only.
 */
export type RegencyRoute = true | ((params: Record<string, string | undefined>) => boolean)

/**
 * The admin's generic resource screens (app/routes/admin.$resource.*) serve the regency its announcements; under the
 * console's `/admin/desa` they answer the addresses its own screens do not (the 404 screen, in the regency's scope).
 */
export const regencyResources: RegencyRoute = (params) => /^(?:announcements|desa)$/i.test(params.resource ?? '')

/**
 * The catch-alls answer, in the regency's scope, the unknown addresses under the regency's own prefixes (a JSON 404
 * under `/api/regency/*` and `/api/admin/me/*`, the 404 screen under the console's `/admin/desa/*` and
 * `/admin/announcements/*`), as they do at a village's host.
 */
export const regencyUnder =
  (...prefixes: string[]): RegencyRoute =>
  (params) =>
    prefixes.some((prefix) => new RegExp(`^${prefix}(?:/|$)`, 'i').test(params['*'] ?? ''))
