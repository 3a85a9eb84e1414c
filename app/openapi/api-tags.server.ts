import { RESOURCES } from '~/resources'

/**
 * The groups of the API reference (the OpenAPI tags), in the order of the document and of `/api/docs`, and the
 * paths each one holds: an operation's tag is that of the longest prefix of its path below (segment by segment),
 * so a route declares none. Every declared resource of the registry is a group of its own (`/api/admin/posts`:
 * `Posts`).
 */
export const TAG_ORDER = [
  'Authentication',
  'Own account',
  'Dashboard',
  ...Object.values(RESOURCES).map((resource) => resource.things),
  'Letters',
  'Activity log',
  'Site settings',
  'Rich text images',
  'Public',
  'Regency',
  'Documentation',
]

/** The paths of each tag beside the resources' own (`/api/admin/objections` is one of the reports' calls). */
const PREFIXES: Record<string, string[]> = {
  Authentication: ['/api/login', '/api/logout', '/api/logout-all', '/api/password-reset'],
  'Own account': ['/api/admin/me'],
  Dashboard: ['/api/admin/dashboard'],
  Reports: ['/api/admin/objections', '/api/admin/ppid/register', '/api/admin/ppid/register.csv'],
  Documents: ['/api/admin/ppid/dip'],
  Letters: ['/api/admin/letter-types', '/api/admin/letter-requests', '/api/admin/letters', '/api/admin/letters.csv'],
  // The map's calls have a group that the document's list of tags does not name: the reference shows it last.
  Map: ['/api/admin/map'],
  'Activity log': ['/api/admin/activities'],
  'Site settings': ['/api/admin/settings', '/api/public/settings'],
  'Rich text images': ['/api/admin/uploads'],
  Public: ['/api/public'],
  Regency: ['/api/regency'],
  Documentation: ['/api/docs', '/api/openapi.json'],
}

const TAG_OF_PREFIX = new Map<string, string>([
  ...Object.values(RESOURCES).map((resource): [string, string] => [`/api/admin/${resource.name}`, resource.things]),
  ...Object.entries(PREFIXES).flatMap(([tag, prefixes]) => prefixes.map((prefix): [string, string] => [prefix, tag])),
])

/** The tag of a documented path (`/api/admin/posts/{id}/revisions`: `Posts`). */
export function tagOf(path: string): string {
  const segments = path.split('/')
  for (let length = segments.length; length > 1; length--) {
    const tag = TAG_OF_PREFIX.get(segments.slice(0, length).join('/'))
    if (tag) return tag
  }
  throw new Error(`No tag for ${path}: add its prefix to app/openapi/api-tags.server.ts`)
}
