import { methodNotAllowed, previewLinkApi } from '~/doors/content/revisions.server'
import { declare, type Operation, type Status } from '~/openapi/declare.server'
import { dateTime, revisedResources, revisionCommon, refusesPreviews, z } from '~/openapi/operations.server'

/** POST and DELETE /api/admin/{resource}/{id}/preview-link, for each resource declared with revisions. */
export const loader = methodNotAllowed
export const action = declare(
  previewLinkApi,
  revisedResources().flatMap((resource): Operation[] => {
    const { revParams: _, ...common } = revisionCommon(resource)
    const thing = resource.thing.toLowerCase()
    const path = `/api/admin/${resource.name}/{id}/preview-link`
    const refuses = refusesPreviews(resource)
    return [
      {
        ...common,
        method: 'post',
        path,
        summary: `A preview link of a ${thing}`,
        description:
          'Valid 7 days; a new link revokes the old one. Whoever opens `url` sees the item as it is now (draft or ' +
          'scheduled included), never cached or indexed. Logged as `preview_link_created`.' +
          (refuses
            ? ' A `dikecualikan` document gets no link (422 on `Information_class`, its old link revoked); a link ' +
              'made before its class became `dikecualikan` is 404 from then on.'
            : ''),
        ...(refuses ? { fails: [404, 422] as Status[] } : {}),
        ok: {
          status: 201,
          data: z.object({ url: z.string(), expires_at: dateTime() }).openapi('PreviewLink'),
          message: 'Preview link created',
        },
      },
      {
        ...common,
        method: 'delete',
        path,
        summary: `Revoke the preview link of a ${thing}`,
        description: 'Its url answers 404 from now on. Logged as `preview_link_revoked` when there was one.',
        ok: { status: 200, data: z.null(), message: 'Preview link revoked' },
      },
    ]
  }),
)
