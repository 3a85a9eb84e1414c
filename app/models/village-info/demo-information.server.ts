import crypto from 'node:crypto'
import { stagingFolder } from '~/utils/upload-pipeline.server'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { prisma, serializeWrite } from '~/utils/db.server'
import { getEnv } from '~/utils/config.server'
import { tinyPdf } from '~/lib/tiny-pdf'
import { TICKET_PREFIXES, type ReportKind } from '~/lib/reports'
import { wallClockOf } from '~/lib/zoned-time'
import { createDocument } from './document.server'
import { dueDateOf } from '~/models/citizen-services/report.server'

/**
 * The demo village's public information (issue 23): ten documents whose small PDFs are written here (app/lib/tiny-pdf),
 * stored and checked as every upload is, and a few public reports with the village's answers. Only on the very first
 * start with SEED_DEMO on (app/models/site/seed.server.ts).
 */

const DOCUMENTS = [
  {
    title: 'Peraturan Desa tentang Anggaran Pendapatan dan Belanja Desa Tahun 2026',
    number: '1 Tahun 2026',
    kind: 'peraturan_desa',
    information_class: 'berkala',
    enacted_at: '2026-01-15',
    lines: ['Pasal 1: APBDes 2026 terdiri atas pendapatan, belanja dan pembiayaan desa.'],
  },
  {
    title: 'Peraturan Desa tentang Rencana Kerja Pemerintah Desa Tahun 2026',
    number: '2 Tahun 2025',
    kind: 'peraturan_desa',
    information_class: 'berkala',
    enacted_at: '2025-09-20',
    lines: ['Rencana kegiatan pembangunan dan pemberdayaan masyarakat tahun 2026.'],
  },
  {
    title: 'Peraturan Kepala Desa tentang Penjabaran APBDes Tahun 2026',
    number: '3 Tahun 2026',
    kind: 'peraturan_kepala_desa',
    information_class: 'berkala',
    enacted_at: '2026-01-20',
    lines: ['Rincian belanja per bidang, sub bidang dan kegiatan.'],
  },
  {
    title: 'Keputusan Kepala Desa tentang Penerima BLT Dana Desa Tahun 2026',
    number: '5 Tahun 2026',
    kind: 'keputusan_kepala_desa',
    information_class: 'setiap_saat',
    enacted_at: '2026-02-10',
    lines: ['Daftar keluarga penerima manfaat ditetapkan melalui musyawarah desa khusus.'],
  },
  {
    title: 'Keputusan Kepala Desa tentang Tim Pelaksana Kegiatan',
    number: '7 Tahun 2025',
    kind: 'keputusan_kepala_desa',
    information_class: 'setiap_saat',
    enacted_at: '2025-03-03',
    lines: ['Susunan Tim Pelaksana Kegiatan pembangunan desa tahun anggaran 2025.'],
  },
  {
    title: 'Laporan Realisasi APBDes Semester Pertama 2025',
    number: '',
    kind: 'laporan',
    information_class: 'berkala',
    enacted_at: '2025-07-15',
    lines: ['Realisasi pendapatan dan belanja desa sampai dengan 30 Juni 2025.'],
  },
  {
    title: 'Laporan Penyelenggaraan Pemerintahan Desa Tahun 2025',
    number: '',
    kind: 'laporan',
    information_class: 'berkala',
    enacted_at: '2026-03-01',
    lines: ['Ringkasan pelaksanaan pemerintahan, pembangunan dan kemasyarakatan.'],
  },
  {
    title: 'Pengumuman Siaga Banjir Musim Hujan',
    number: '',
    kind: 'informasi_publik',
    information_class: 'serta_merta',
    enacted_at: '2026-01-05',
    lines: ['Warga di bantaran sungai diminta waspada. Titik kumpul: balai desa dan SD Negeri 1.'],
  },
  {
    title: 'Standar Pelayanan Administrasi Kependudukan',
    number: '',
    kind: 'informasi_publik',
    information_class: 'setiap_saat',
    enacted_at: '2025-06-01',
    lines: ['Persyaratan, waktu dan biaya pelayanan surat pengantar di kantor desa.'],
  },
  {
    title: 'Daftar Informasi Publik Desa Tahun 2026',
    number: '',
    kind: 'lainnya',
    information_class: 'setiap_saat',
    enacted_at: '2026-01-02',
    lines: ['Daftar informasi berkala, serta merta dan setiap saat yang dikelola pemerintah desa.'],
  },
] as const

const REPORTS: {
  kind: ReportKind
  name: string
  subject: string
  message: string
  status: string
  daysAgo: number
  response: string
}[] = [
  {
    kind: 'pengaduan',
    name: 'Warga RT 03',
    subject: 'Lampu penerangan jalan di RT 03 padam',
    message: 'Sudah dua minggu lampu jalan di depan musala RT 03 padam, jalan menjadi gelap saat malam.',
    status: 'selesai',
    daysAgo: 20,
    response: 'Terima kasih atas laporannya. Lampu sudah diganti oleh petugas desa pada hari Sabtu.',
  },
  {
    kind: 'aspirasi',
    name: 'Karang Taruna',
    subject: 'Usulan pelatihan pengolahan sampah plastik',
    message: 'Kami mengusulkan pelatihan daur ulang sampah plastik untuk pemuda desa tahun depan.',
    status: 'diproses',
    daysAgo: 9,
    response: 'Usulan akan dibahas dalam musyawarah perencanaan pembangunan desa bulan depan.',
  },
  {
    kind: 'permohonan_informasi',
    name: 'Warga Dusun Krajan',
    subject: 'Permohonan salinan APBDes 2026',
    message: 'Mohon salinan Peraturan Desa tentang APBDes 2026 untuk dibahas di kelompok tani.',
    status: 'selesai',
    daysAgo: 5,
    response: 'Salinan dapat diunduh di halaman Dokumen Desa, bagian Informasi Berkala.',
  },
]

export async function seedDemoInformation(adminId: number, siteName: string) {
  const work = await stagingFolder('seed-pdf-')
  try {
    for (const [index, document] of DOCUMENTS.entries()) {
      const file = path.join(work, `${index}.pdf`)
      const pdf = tinyPdf({
        title: document.title,
        pages: [
          [
            siteName,
            document.title.length > 60 ? `${document.title.slice(0, 60)}...` : document.title,
            ...(document.number ? [`Nomor ${document.number}`] : []),
            ...document.lines,
          ],
        ],
      })
      await fsp.writeFile(file, pdf)
      await createDocument(
        {
          title: document.title,
          number: document.number,
          kind: document.kind,
          information_class: document.information_class,
          enacted_at: document.enacted_at,
          description: `<p>${document.lines.join(' ')}</p>`,
          file: { tempPath: file, size: pdf.length, originalName: `${index}.pdf` },
        },
        { id: adminId },
      )
    }
  } finally {
    await fsp.rm(work, { recursive: true, force: true })
  }
  const zone = getEnv().TZ
  await serializeWrite(async () => {
    for (const report of REPORTS) {
      const created = new Date(Date.now() - report.daysAgo * 24 * 3600 * 1000)
      const year = wallClockOf(created.getTime(), zone).year
      // One report of each kind: each is its kind's first of the year.
      const sequence = 1
      await prisma.report.create({
        data: {
          ticket: `${TICKET_PREFIXES[report.kind]}-${year}-${String(sequence).padStart(4, '0')}`,
          kind: report.kind,
          year,
          sequence,
          // Nobody holds these codes: the demo reports are read on /layanan, not tracked.
          code_hash: crypto.createHash('sha256').update(crypto.randomBytes(16)).digest('hex'),
          name: report.name,
          subject: report.subject,
          message: report.message,
          status: report.status,
          public: true,
          due_at: report.kind === 'permohonan_informasi' ? dueDateOf(created, zone) : null,
          closed_at: report.status === 'selesai' ? new Date(created.getTime() + 2 * 24 * 3600 * 1000) : null,
          created_at: created,
          responses: {
            create: {
              message: report.response,
              user_id: adminId,
              user_name: 'Administrator',
              created_at: new Date(created.getTime() + 24 * 3600 * 1000),
            },
          },
        },
      })
    }
  })
}
