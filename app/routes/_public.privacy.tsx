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
    { title: 'Kebijakan Privasi', description: `Kebijakan privasi situs ${siteFromMatches(matches).name}.` },
    location,
  )

export default function PrivacyScreen() {
  const site = useSite()
  return (
    <LegalPage
      title="Kebijakan Privasi"
      updated="2026-01-01T00:00:00+07:00"
      intro={
        `Kebijakan ini menjelaskan bagaimana Pemerintah ${site.name} mengelola informasi ketika Anda ` +
        `mengunjungi situs web desa.`
      }
      sections={[
        {
          heading: 'Informasi yang Kami Kumpulkan',
          paragraphs: [
            'Pengunjung dapat membaca seluruh isi situs tanpa mendaftar dan tanpa memberikan data pribadi.',
            'Seperti situs web pada umumnya, server kami mencatat data teknis kunjungan, seperti alamat IP, jenis ' +
              'peramban, halaman yang dibuka, dan waktu akses. Catatan ini dipakai untuk menjaga keamanan dan ' +
              'keandalan layanan.',
          ],
        },
        {
          heading: 'Cookie',
          paragraphs: [
            'Situs publik tidak memakai cookie pelacak atau iklan. Cookie hanya dipakai untuk menjaga sesi masuk ' +
              'petugas desa di halaman administrasi.',
          ],
        },
        {
          heading: 'Tautan ke Layanan Lain',
          paragraphs: [
            'Tombol WhatsApp pada halaman produk membuka layanan pihak ketiga. Percakapan Anda dengan penjual tunduk ' +
              'pada kebijakan privasi layanan tersebut.',
          ],
        },
        {
          heading: 'Penggunaan dan Perlindungan Informasi',
          paragraphs: [
            'Informasi yang tercatat tidak dijual atau dibagikan kepada pihak lain, kecuali bila diwajibkan oleh ' +
              'peraturan perundang-undangan.',
            'Kami menjaga data dengan langkah pengamanan yang wajar, termasuk pembatasan akses hanya bagi petugas ' +
              'yang berwenang.',
          ],
        },
        {
          heading: 'Hubungi Kami',
          paragraphs: [
            `Pertanyaan tentang kebijakan ini dapat disampaikan ke kantor desa` +
              `${site.address ? ` di ${site.address}` : ''}${site.email ? `, melalui email ${site.email}` : ''}` +
              `${site.phone ? `, atau telepon ${site.phone}` : ''}.`,
          ],
        },
      ]}
    />
  )
}
