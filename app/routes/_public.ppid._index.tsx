import type { MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { DocumentRow, type DocumentItem } from '~/components/village-info/document-list'
import { ppidLoader } from '~/doors/village-info/public-information.server'
import { ppidReportYears } from '~/doors/village-info/ppid-pages.server'
import { routeSeo } from '~/lib/seo'
import { noQuery } from '~/lib/cache-keys'

export const loader = async () => ({ ...(await ppidLoader()), report_years: await ppidReportYears() })

export const handle = { cacheKey: noQuery }

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (_data, site) => ({
    title: 'Informasi Publik',
    description: `Daftar informasi publik ${site.name} (PPID desa) dan cara meminta informasi.`,
  }))

const SECTIONS = [
  {
    key: 'berkala',
    heading: 'Informasi Berkala',
    text: 'Informasi yang diumumkan secara rutin, misalnya APBDes, laporan realisasi, dan profil desa.',
  },
  {
    key: 'serta_merta',
    heading: 'Informasi Serta Merta',
    text: 'Informasi yang menyangkut keselamatan dan hajat hidup orang banyak, diumumkan segera tanpa menunggu.',
  },
  {
    key: 'setiap_saat',
    heading: 'Informasi Setiap Saat',
    text: 'Informasi yang tersedia kapan saja dan dapat diminta warga, misalnya peraturan dan keputusan desa.',
  },
] as const

function Documents({ items }: { items: DocumentItem[] }) {
  if (!items.length) return <p className="mt-3 text-sm text-gray-500">Belum ada dokumen.</p>
  return (
    <ul className="mt-4 space-y-3">
      {items.map((document) => (
        <li key={document.id}>
          <DocumentRow document={document} heading="h3" />
        </li>
      ))}
    </ul>
  )
}

export default function PpidScreen() {
  const data = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-2xl font-bold text-gray-900 md:text-3xl">Informasi Publik</h1>
      <p className="mt-2 text-gray-700">
        Sesuai Undang-Undang Nomor 14 Tahun 2008 tentang Keterbukaan Informasi Publik, pemerintah desa membuka informasi
        berikut untuk semua warga. Semua dokumen dapat dibaca dan diunduh tanpa mendaftar.
      </p>
      <div className="mt-6 rounded-xl border border-emerald-200 bg-emerald-50 p-6">
        <p className="text-lg font-semibold text-gray-900">Cara meminta informasi:</p>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-gray-800">
          <li>Buka halaman Layanan Pengaduan dan pilih jenis laporan Permohonan Informasi.</li>
          <li>Tulis nama Anda, nomor HP atau email, dan informasi apa yang Anda minta.</li>
          <li>
            Setelah dikirim, Anda mendapat nomor tiket dan kode pelacakan. Simpan keduanya untuk melihat jawaban kami.
          </li>
          <li>Pemerintah desa menjawab paling lambat 10 hari kerja (Senin sampai Jumat) sejak permohonan diterima.</li>
          <li>
            Sebagian informasi dikecualikan oleh undang-undang, misalnya data pribadi warga. Jika permohonan ditolak,
            kami menjelaskan alasannya.
          </li>
        </ol>
        <p className="mt-4">
          <Link
            to="/layanan"
            className="inline-flex rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800"
          >
            Ajukan Permohonan Informasi
          </Link>
        </p>
      </div>
      <section className="mt-8" aria-labelledby="ppid-daftar">
        <h2 id="ppid-daftar" className="text-xl font-bold text-gray-900">
          Daftar dan Laporan
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5">
          <li>
            <Link to="/ppid/daftar-informasi" className="text-emerald-800 underline">
              Daftar Informasi Publik
            </Link>
          </li>
          <li>
            <Link to="/ppid/keberatan" className="text-emerald-800 underline">
              Pengajuan Keberatan
            </Link>{' '}
            jika permohonan informasi Anda ditolak, tidak dijawab, atau terlambat.
          </li>
          {data.report_years.map((year) => (
            <li key={year}>
              <Link to={`/ppid/laporan/${year}`} className="text-emerald-800 underline">
                Laporan Layanan Informasi Publik {year}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {SECTIONS.map((section) => (
        <section key={section.key} className="mt-10" aria-labelledby={`ppid-${section.key}`}>
          <h2 id={`ppid-${section.key}`} className="text-xl font-bold text-gray-900">
            {section.heading}
          </h2>
          <p className="mt-1 text-gray-600">{section.text}</p>
          <Documents items={data[section.key]} />
        </section>
      ))}
    </div>
  )
}
