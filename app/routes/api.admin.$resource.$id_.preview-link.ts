import { methodNotAllowed, previewLinkApi } from '~/doors/content/revisions.server'
import { created, declare, ok, type Operation } from '~/openapi/declare.server'
import { dateTime, revisedResources, revisionCalls, refusesPreviews, z } from '~/openapi/operations.server'

const PreviewLink = z.object({ url: z.string(), expires_at: dateTime() }).openapi('PreviewLink')

/** POST and DELETE /api/admin/{resource}/{id}/preview-link, for each resource declared with revisions. */
export const loader = methodNotAllowed
export const action = declare(
  previewLinkApi,
  revisedResources().flatMap((resource): Operation[] => {
    const { path, thing, editors, item } = revisionCalls(resource)
    const refuses = refusesPreviews(resource)
    return [
      {
        ...item.post(`A preview link of a ${thing}`, editors),
        path: `${path}/preview-link`,
        ...created(PreviewLink, 'Preview link created', ...(refuses ? ([422] as const) : [])),
        description:
          'Valid 7 days; a new link revokes the old one. Whoever opens `url` sees the item as it is now (draft or ' +
          'scheduled included), never cached or indexed. Logged as `preview_link_created`.' +
          (refuses
            ? ' A `dikecualikan` document gets no link (422 on `Information_class`, its old link revoked); a link ' +
              'made before its class became `dikecualikan` is 404 from then on.'
            : ''),
      },
      {
        ...item.del(`Revoke the preview link of a ${thing}`, editors),
        path: `${path}/preview-link`,
        ...ok(z.null(), 'Preview link revoked'),
        description: 'Its url answers 404 from now on. Logged as `preview_link_revoked` when there was one.',
      },
    ]
  }),
)
