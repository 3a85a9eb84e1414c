import type { MetaFunction } from '@remix-run/node'
import { LegalPage } from '~/components/site/legal-page'
import { seoMeta } from '~/lib/seo'
import { siteFromMatches } from '~/lib/site'
import { useSite } from '~/components/site/use-site'
import { noQuery } from '~/lib/cache-keys'

export const handle = { cacheKey: noQuery }

export const meta: MetaFunction = ({ matches, location }) =>
  seoMeta(
    siteFromMatches(matches),
    {
      title: 'Syarat dan Ketentuan',
      description: `Syarat dan ketentuan penggunaan situs ${siteFromMatches(matches).name}.`,
    },
    location,
  )

export default function TermsScreen() {
  const site = useSite()
  return (
    <LegalPage
      title="Syarat dan Ketentuan"
      updated="2026-01-01T00:00:00+07:00"
      intro={`Dengan menggunakan situs web ${site.name}, Anda menyetujui syarat dan ketentuan berikut.`}
      sections={[
        {
          heading: 'Isi Situs',
          paragraphs: [
            'Berita, halaman informasi, data aparatur, dan galeri disajikan oleh Pemerintah Desa sebagai layanan ' +
              'informasi publik. Kami berupaya menjaga isi tetap akurat dan terbaru, namun informasi resmi yang ' +
              'mengikat tetap yang diterbitkan di kantor desa.',
          ],
        },
        {
          heading: 'Produk Desa',
          paragraphs: [
            'Produk yang ditampilkan adalah milik warga dan pelaku usaha desa. Pemesanan, pembayaran, dan pengiriman ' +
              'merupakan kesepakatan langsung antara pembeli dan penjual; Pemerintah Desa tidak menjadi pihak dalam ' +
              'transaksi tersebut.',
            'Harga dan ketersediaan dapat berubah sewaktu-waktu. Pastikan kembali kepada penjual sebelum bertransaksi.',
          ],
        },
        {
          heading: 'Penggunaan Konten',
          paragraphs: [
            'Anda boleh membagikan tautan dan mengutip isi situs untuk keperluan nonkomersial dengan menyebutkan ' +
              'sumbernya. Foto dan gambar tidak boleh digunakan untuk keperluan komersial tanpa izin tertulis.',
          ],
        },
        {
          heading: 'Larangan',
          paragraphs: [
            'Pengguna dilarang mengganggu atau mencoba membobol situs, mengakses halaman administrasi tanpa hak, ' +
              'atau menyalahgunakan informasi kontak penjual dan aparatur.',
          ],
        },
        {
          heading: 'Perubahan',
          paragraphs: [
            'Syarat dan ketentuan ini dapat diperbarui sewaktu-waktu. Versi terbaru selalu tersedia di halaman ini.',
          ],
        },
      ]}
    />
  )
}
