import type { MetaFunction } from '@remix-run/node'
import { PublicList } from '~/components/shared/list-controls'
import { PhotoGallery, type GalleryPhoto } from '~/components/content/photo-gallery'
import { routeSeo } from '~/lib/seo'
import { uploadUrl } from '~/lib/upload-urls'
import { photosLoader } from '~/doors/content/public-pages.server'
import { listQuery } from '~/lib/cache-keys'

export const loader = photosLoader

export const handle = { cacheKey: listQuery() }

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
