import { methodNotAllowed, publicNamedListApi } from '~/doors/site/public-api.server'
import { listQuery } from '~/lib/cache-keys'
import { PUBLIC_PAGE_SIZE } from '~/lib/paging'
import { declare, get, ok, PUBLIC } from '~/openapi/declare.server'
import { Event, listParams, paginated, z } from '~/openapi/operations.server'

/** GET /api/public/events?page&when: upcoming (the default) or past events. */
export const loader = declare(publicNamedListApi('events'), {
  ...get('List events, upcoming or past', PUBLIC),
  query: listParams(PUBLIC_PAGE_SIZE)
    .omit({ search: true })
    .extend({
      when: z.enum(['upcoming', 'past']).optional().openapi({ description: 'Default `upcoming`.' }),
    }),
  etag: true,
  ...ok(paginated(Event, 'Event'), 'List Data Events'),
  description:
    'An event has ended when its `ends_at` has passed (null: its `starts_at`; all-day: the end of that day in `TZ`). ' +
    '`when=upcoming` (the default): not yet ended, by `starts_at` ascending; `when=past`: ended, by `ends_at` (else ' +
    '`starts_at`) descending. Not searched (the site search `/cari` finds events).',
})
export const action = methodNotAllowed

export const handle = { cacheKey: listQuery('when') }
