import { prisma, serializeWrite } from '~/utils/db.server'
import type { LetterField, LetterTypeText } from '~/lib/letters'

/**
 * The demo village's six letter types (docs/api.md "Letters"), with the texts a village secretary signs: the
 * classification codes of the Permendagri on official records (470 population, 510 trade, 400 welfare, 331 public
 * order, 474.1 births, 474.3 deaths), the usual wording of a surat keterangan, and the fields each one fills.
 */

const text = (key: string, label: string, required = true): LetterField => ({ key, label, kind: 'text', required })
const area = (key: string, label: string, required = true): LetterField => ({ key, label, kind: 'textarea', required })
const date = (key: string, label: string): LetterField => ({ key, label, kind: 'date', required: true })
const choice = (key: string, label: string, options: string[]): LetterField => ({
  key,
  label,
  kind: 'select',
  options,
  required: true,
})

const OPENING =
  '<p>Yang bertanda tangan di bawah ini, Kepala {{desa}}, dengan ini menerangkan bahwa:</p>' +
  '<p>Nama: {{nama}}<br>NIK: {{nik}}<br>Tempat, tanggal lahir: {{tempat_lahir}}, {{tanggal_lahir}}<br>' +
  'Jenis kelamin: {{jenis_kelamin}}<br>Pekerjaan: {{pekerjaan}}<br>Alamat: {{alamat}}</p>'
const CLOSING =
  '<p>Demikian surat keterangan ini dibuat dengan sebenarnya untuk dapat dipergunakan sebagaimana mestinya.</p>'

const PERSON: LetterField[] = [
  text('tempat_lahir', 'Tempat Lahir'),
  date('tanggal_lahir', 'Tanggal Lahir'),
  choice('jenis_kelamin', 'Jenis Kelamin', ['Laki-laki', 'Perempuan']),
  text('pekerjaan', 'Pekerjaan'),
  area('alamat', 'Alamat'),
]

export const DEMO_LETTER_TYPES: LetterTypeText[] = [
  {
    name: 'Surat Keterangan Domisili',
    slug: 'surat-keterangan-domisili',
    code: '470',
    description:
      'Keterangan bahwa Anda bertempat tinggal di desa ini, untuk melamar kerja, membuka rekening, dan lainnya.',
    requirements: 'Foto KTP\nFoto Kartu Keluarga\nSurat pengantar RT/RW',
    fields: [...PERSON, text('keperluan', 'Keperluan'), text('lama_tinggal', 'Lama Tinggal (tahun)', false)],
    body:
      OPENING +
      '<p>adalah benar warga yang berdomisili di alamat tersebut di atas, wilayah {{desa}}. Surat keterangan ini ' +
      'diberikan untuk keperluan {{keperluan}}.</p>' +
      CLOSING,
    sla_days: 2,
  },
  {
    name: 'Surat Keterangan Usaha',
    slug: 'surat-keterangan-usaha',
    code: '510',
    description: 'Keterangan bahwa Anda menjalankan usaha di desa ini, untuk pengajuan kredit usaha atau izin.',
    requirements: 'Foto KTP\nFoto Kartu Keluarga\nFoto tempat usaha',
    fields: [
      ...PERSON,
      text('nama_usaha', 'Nama Usaha'),
      text('jenis_usaha', 'Jenis Usaha'),
      area('alamat_usaha', 'Alamat Usaha'),
      text('tahun_mulai', 'Tahun Mulai Usaha', false),
      text('keperluan', 'Keperluan'),
    ],
    body:
      OPENING +
      '<p>adalah benar memiliki dan menjalankan usaha {{jenis_usaha}} dengan nama "{{nama_usaha}}" yang beralamat di ' +
      '{{alamat_usaha}}, wilayah {{desa}}. Surat keterangan ini diberikan untuk keperluan {{keperluan}}.</p>' +
      CLOSING,
    sla_days: 3,
  },
  {
    name: 'Surat Keterangan Tidak Mampu',
    slug: 'surat-keterangan-tidak-mampu',
    code: '400',
    description: 'Keterangan keluarga kurang mampu, untuk keringanan biaya sekolah atau berobat.',
    requirements: 'Foto KTP\nFoto Kartu Keluarga\nSurat pengantar RT/RW\nFoto rumah tampak depan',
    fields: [
      ...PERSON,
      text('penghasilan', 'Penghasilan per Bulan (Rp)'),
      text('tanggungan', 'Jumlah Tanggungan Keluarga'),
      choice('keperluan', 'Keperluan', ['Biaya pendidikan', 'Biaya pengobatan', 'Bantuan sosial', 'Lainnya']),
      text('nama_penerima', 'Nama Anak/Anggota Keluarga yang Dibantu', false),
    ],
    body:
      OPENING +
      '<p>adalah benar warga {{desa}} yang tergolong keluarga kurang mampu, dengan penghasilan sekitar Rp ' +
      '{{penghasilan}} per bulan dan menanggung {{tanggungan}} orang anggota keluarga. Surat keterangan ini ' +
      'diberikan untuk keperluan {{keperluan}} {{nama_penerima}}.</p>' +
      CLOSING,
    sla_days: 2,
  },
  {
    name: 'Surat Pengantar SKCK',
    slug: 'surat-pengantar-skck',
    code: '331',
    description: 'Pengantar dari desa untuk mengurus Surat Keterangan Catatan Kepolisian (SKCK) di Polsek/Polres.',
    requirements: 'Foto KTP\nFoto Kartu Keluarga\nFoto akta kelahiran atau ijazah terakhir',
    fields: [...PERSON, text('keperluan', 'Keperluan SKCK')],
    body:
      OPENING +
      '<p>adalah benar warga {{desa}} yang sepanjang pengetahuan kami berkelakuan baik, tidak pernah terlibat ' +
      'perkara pidana, dan tidak sedang dalam proses hukum. Surat pengantar ini diberikan sebagai syarat ' +
      'permohonan Surat Keterangan Catatan Kepolisian (SKCK) untuk keperluan {{keperluan}}.</p>' +
      CLOSING,
    sla_days: 1,
  },
  {
    name: 'Surat Keterangan Kelahiran',
    slug: 'surat-keterangan-kelahiran',
    code: '474.1',
    description: 'Keterangan kelahiran anak, untuk mengurus akta kelahiran di Dinas Kependudukan dan Pencatatan Sipil.',
    requirements: 'Foto Kartu Keluarga\nFoto KTP ayah dan ibu\nSurat keterangan lahir dari bidan/rumah sakit',
    fields: [
      text('nama_anak', 'Nama Anak'),
      choice('jenis_kelamin_anak', 'Jenis Kelamin Anak', ['Laki-laki', 'Perempuan']),
      text('tempat_kelahiran', 'Tempat Kelahiran'),
      date('tanggal_kelahiran', 'Tanggal Kelahiran'),
      text('anak_ke', 'Anak Ke-'),
      text('nama_ayah', 'Nama Ayah'),
      text('nama_ibu', 'Nama Ibu'),
      area('alamat', 'Alamat Orang Tua'),
    ],
    body:
      '<p>Yang bertanda tangan di bawah ini, Kepala {{desa}}, dengan ini menerangkan bahwa telah lahir seorang ' +
      'anak:</p>' +
      '<p>Nama: {{nama_anak}}<br>Jenis kelamin: {{jenis_kelamin_anak}}<br>Tempat, tanggal lahir: ' +
      '{{tempat_kelahiran}}, {{tanggal_kelahiran}}<br>Anak ke: {{anak_ke}}</p>' +
      '<p>dari pasangan suami istri {{nama_ayah}} dan {{nama_ibu}}, beralamat di {{alamat}}. Keterangan ini ' +
      'dimohonkan oleh {{nama}} (NIK {{nik}}).</p>' +
      CLOSING,
    sla_days: 2,
  },
  {
    name: 'Surat Keterangan Kematian',
    slug: 'surat-keterangan-kematian',
    code: '474.3',
    description: 'Keterangan kematian warga, untuk mengurus akta kematian, warisan, atau klaim asuransi.',
    requirements: 'Foto KTP almarhum/almarhumah\nFoto Kartu Keluarga\nFoto KTP pelapor',
    fields: [
      text('nama_almarhum', 'Nama Almarhum/Almarhumah'),
      text('nik_almarhum', 'NIK Almarhum/Almarhumah'),
      choice('jenis_kelamin', 'Jenis Kelamin', ['Laki-laki', 'Perempuan']),
      text('umur', 'Umur (tahun)'),
      date('tanggal_meninggal', 'Tanggal Meninggal'),
      text('tempat_meninggal', 'Tempat Meninggal'),
      text('sebab', 'Sebab Kematian'),
      area('alamat', 'Alamat Terakhir'),
      text('hubungan', 'Hubungan Pelapor dengan Almarhum/Almarhumah'),
    ],
    body:
      '<p>Yang bertanda tangan di bawah ini, Kepala {{desa}}, dengan ini menerangkan bahwa:</p>' +
      '<p>Nama: {{nama_almarhum}}<br>NIK: {{nik_almarhum}}<br>Jenis kelamin: {{jenis_kelamin}}<br>Umur: {{umur}} ' +
      'tahun<br>Alamat: {{alamat}}</p>' +
      '<p>telah meninggal dunia pada tanggal {{tanggal_meninggal}} di {{tempat_meninggal}} karena {{sebab}}. ' +
      'Keterangan ini dimohonkan oleh {{nama}} (NIK {{nik}}), {{hubungan}} almarhum/almarhumah.</p>' +
      CLOSING,
    sla_days: 1,
  },
]

/**
 * Writes the six types where none exists yet (the demo village's first start), signed by the aparatur whose position
 * is Kepala Desa when there is one. Returns how many were written.
 */
export async function seedDemoLetterTypes(): Promise<number> {
  return serializeWrite(async () => {
    if (await prisma.letterType.count()) return 0
    const head = await prisma.aparatur.findFirst({
      where: { position: 'Kepala Desa' },
      orderBy: { id: 'asc' },
      select: { id: true },
    })
    for (const type of DEMO_LETTER_TYPES)
      await prisma.letterType.create({
        data: { ...type, fields: JSON.stringify(type.fields), signer_id: head?.id ?? null, active: true },
      })
    return DEMO_LETTER_TYPES.length
  })
}
