import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { titled } from '~/components/admin/meta'
import { ListErrorBoundary, ListScreen, Thumbnail } from '~/components/admin/resource-list'
import { useCan } from '~/components/admin/session'
import { UploadForm } from '~/components/admin/upload-form'
import { deleteFromList, isUpload, loadList, uploadFromList } from '~/doors/admin.server'
import { createPhoto, deletePhoto, homePhotos, listPhotos } from '~/models/photo.server'

export const meta = titled('Manage Photos')

type Row = Awaited<ReturnType<typeof homePhotos>>[number]

export const loader = ({ request }: LoaderFunctionArgs) => loadList<Row>(request, 'photos-index', listPhotos)

export const action = ({ request }: ActionFunctionArgs) =>
  isUpload(request)
    ? uploadFromList(request, { permission: 'photos-create', create: createPhoto, message: 'Photo uploaded successfully!' })
    : deleteFromList(request, { permission: 'photos-delete', thing: 'Photo', remove: deletePhoto })

export const ErrorBoundary = ListErrorBoundary

export default function Photos() {
  const list = useLoaderData<typeof loader>()
  const can = useCan()
  return (
    <ListScreen
      title="Manage Photos"
      thing="photo"
      emptyTitle="No Photos Found"
      addLabel="Upload a New Photo"
      above={can('photos-create') ? <UploadForm title="Upload Photo" withCaption /> : null}
      canDelete={can('photos-delete')}
      rowLabel={(row) => row.caption}
      list={list}
      columns={[
        { header: 'Image', cell: (row) => <Thumbnail kind="photos" image={row.image} /> },
        { header: 'Caption', cell: (row) => row.caption },
        { header: 'Description', cell: (row) => row.description },
      ]}
    />
  )
}
