import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, useParams } from '@remix-run/react'
import { ProgressPhotos, type ProgressPhoto } from '~/components/village-info/progress-photos'
import { ResetLinkPanel } from '~/components/accounts/reset-link'
import { RevisionPanels } from '~/components/content/revision-panel'
import { formMeta, ResourceFormScreen } from '~/components/site/resource-form'
import { RecordErrorBoundary } from '~/components/site/resource-list'
import { formAction, formLoader } from '~/doors/site/admin.server'
import { screenResource } from '~/resources'
import { regencyResources } from '~/lib/regency-routes'

export const handle = { regency: regencyResources }

/** /admin/{resource}/edit/{id}: the edit form of any editable resource (app/resources), or its "Data Not Found". */
export const meta = formMeta('edit')

export const loader = (args: LoaderFunctionArgs) => formLoader(args, 'edit')

export const action = (args: ActionFunctionArgs) => formAction(args, 'edit')

export const ErrorBoundary = RecordErrorBoundary

export default function EditResource() {
  const params = useParams()
  const { record } = useLoaderData<typeof loader>()
  // A resource with revisions: `Bagikan Pratinjau` and `Riwayat` under the form (components/content/revision-panel).
  const history =
    record && screenResource(params.resource, true)?.revisions ? (
      <RevisionPanels resource={params.resource!} id={record.id} />
    ) : null
  // A development project's edit screen also holds its progress photos (their own form: components/admin).
  if (params.resource === 'developments' && record)
    return (
      <div className="space-y-6">
        <ResourceFormScreen mode="edit" />
        <ProgressPhotos projectId={record.id} photos={(record.photos as ProgressPhoto[] | undefined) ?? []} />
        {history}
      </div>
    )
  if (history)
    return (
      <div className="space-y-6">
        <ResourceFormScreen mode="edit" />
        {history}
      </div>
    )
  if (params.resource !== 'users') return <ResourceFormScreen mode="edit" />
  // A user's edit screen also makes one-time password reset links (the permission is the same, users-edit).
  return (
    <div className="space-y-6">
      <ResourceFormScreen mode="edit" />
      <ResetLinkPanel userId={Number(params.id)} />
    </div>
  )
}
