import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { EmptyState, ListHeader, ListSearch, Pagination } from '~/components/public/list-controls'
import { PhotoGallery } from '~/components/public/photo-gallery'
import { photoSummary, screenPage } from '~/lib/summaries'
import { routeSeo, uploadPath } from '~/lib/seo'
import { listPublicPhotos } from '~/models/photo.server'
import { publicList } from '~/doors/public.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const photos = screenPage(await publicList(request, context, listPublicPhotos), photoSummary)
  return { photos }
}

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (data, site) => ({
    title: 'Galeri',
    description: `Galeri foto kegiatan dan suasana ${site.name}.`,
    image: uploadPath('photos', data.photos.data[0]?.image),
    imageAlt: data.photos.data[0]?.caption,
  }))

export default function PhotosScreen() {
  const { photos } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <ListHeader title="Galeri Desa" intro="Potret kegiatan dan keindahan desa.">
        <ListSearch label="Cari foto" placeholder="Cari foto menarik..." />
      </ListHeader>
      {photos.data.length === 0 ? <EmptyState>Tidak ada foto yang tersedia.</EmptyState> : <PhotoGallery photos={photos.data} />}
      <Pagination current={photos.current_page} last={photos.last_page} />
    </div>
  )
}
