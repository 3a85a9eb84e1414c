import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { titled } from '~/components/admin/meta'
import { ListErrorBoundary, ListScreen } from '~/components/admin/resource-list'
import { useCan } from '~/components/admin/session'
import { deleteFromList, loadList } from '~/doors/admin.server'
import { deleteAparatur, getAparatur, listAparaturs } from '~/models/aparatur.server'

export const meta = titled('Manage Aparaturs')

type Row = Awaited<ReturnType<typeof getAparatur>>

export const loader = ({ request }: LoaderFunctionArgs) => loadList<Row>(request, 'aparaturs-index', listAparaturs)

export const action = ({ request }: ActionFunctionArgs) =>
  deleteFromList(request, { permission: 'aparaturs-delete', thing: 'Aparatur', remove: deleteAparatur })

export const ErrorBoundary = ListErrorBoundary

export default function Aparaturs() {
  const list = useLoaderData<typeof loader>()
  const can = useCan()
  return (
    <ListScreen
      title="Manage Aparaturs"
      thing="aparatur"
      emptyTitle="No Aparaturs Found"
      addLabel="Add New Aparatur"
      createHref={can('aparaturs-create') ? '/admin/aparaturs/create' : undefined}
      editHref={can('aparaturs-edit') ? (row) => `/admin/aparaturs/edit/${row.id}` : undefined}
      canDelete={can('aparaturs-delete')}
      rowLabel={(row) => row.name}
      list={list}
      columns={[
        { header: 'Name', cell: (row) => row.name },
        { header: 'Position', cell: (row) => row.position },
      ]}
    />
  )
}
