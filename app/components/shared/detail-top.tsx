import { BackLink } from './back-link'
import { PreviewBanner } from '~/components/content/preview-banner'

/** The public list each admin resource's items are listed in, and the words of the way back to it. */
const LISTS = {
  posts: ['/posts', 'Kembali ke Berita'],
  events: ['/agenda', 'Kembali ke Agenda'],
  pages: ['/pages', 'Kembali ke Tentang Desa'],
  products: ['/products', 'Kembali ke Produk Desa'],
  statistics: ['/statistik', 'Kembali ke Statistik'],
  developments: ['/pembangunan', 'Kembali ke Pembangunan'],
} as const

/**
 * The top of an item's own screen: the preview notice (staff looking at a draft or a scheduled item, with the link
 * to edit it in the admin's `resource`) and the way back to its list (when there is no previous screen of this site).
 */
export function DetailTop({
  resource,
  preview,
  item,
}: {
  resource: keyof typeof LISTS
  preview: 'draft' | 'scheduled' | null
  item: { id: number; published_at: string | Date | null }
}) {
  const [list, label] = LISTS[resource]
  return (
    <>
      <PreviewBanner state={preview} item={item} resource={resource} />
      <BackLink fallback={list}>{label}</BackLink>
    </>
  )
}
