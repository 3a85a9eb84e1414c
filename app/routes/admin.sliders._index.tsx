import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { titled } from '~/components/admin/meta'
import { ListErrorBoundary, ListScreen, Thumbnail } from '~/components/admin/resource-list'
import { useCan } from '~/components/admin/session'
import { UploadForm } from '~/components/admin/upload-form'
import { deleteFromList, isUpload, loadList, uploadFromList } from '~/doors/admin.server'
import { allSliders, createSlider, deleteSlider, listSliders } from '~/models/slider.server'

export const meta = titled('Manage Sliders')

type Row = Awaited<ReturnType<typeof allSliders>>[number]

export const loader = ({ request }: LoaderFunctionArgs) => loadList<Row>(request, 'sliders-index', listSliders)

export const action = ({ request }: ActionFunctionArgs) =>
  isUpload(request)
    ? uploadFromList(request, { permission: 'sliders-create', create: createSlider, message: 'Slider uploaded successfully!' })
    : deleteFromList(request, { permission: 'sliders-delete', thing: 'Slider', remove: deleteSlider })

export const ErrorBoundary = ListErrorBoundary

export default function Sliders() {
  const list = useLoaderData<typeof loader>()
  const can = useCan()
  return (
    <ListScreen
      title="Manage Sliders"
      thing="slider"
      emptyTitle="No Sliders Found"
      addLabel="Upload a New Slider"
      above={can('sliders-create') ? <UploadForm title="Upload Slider" /> : null}
      canDelete={can('sliders-delete')}
      rowLabel={(row) => row.description || `slider ${row.id}`}
      list={list}
      columns={[
        { header: 'Image', cell: (row) => <Thumbnail kind="sliders" image={row.image} /> },
        { header: 'Description', cell: (row) => row.description },
      ]}
    />
  )
}
