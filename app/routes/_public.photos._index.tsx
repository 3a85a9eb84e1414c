import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PublicList } from '~/components/public/list-controls'
import { PhotoGallery, type GalleryPhoto } from '~/components/public/photo-gallery'
import { publicPage } from '~/doors/public.server'
import { photoSummary } from '~/lib/summaries'
import { routeSeo } from '~/lib/seo'
import { uploadUrl } from '~/lib/upload-urls'
import { listPublicPhotos } from '~/models/photo.server'

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  publicPage(request, context, listPublicPhotos, photoSummary)

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (data, site) => ({
    title: 'Galeri',
    description: `Galeri foto kegiatan dan suasana ${site.name}.`,
    image: uploadUrl('photos', data.data[0]?.image),
    imageAlt: data.data[0]?.caption,
  }))

export default function PhotosScreen() {
  return <PublicList of="photos">{(photos: GalleryPhoto[]) => <PhotoGallery photos={photos} />}</PublicList>
}
