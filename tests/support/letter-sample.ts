import type { LetterPdfInput } from '~/models/citizen-services/letter-pdf.server'

/**
 * A demo village's statement of residence, as the letter renderer receives it: the unit test, the picture in docs/
 * (scripts/letter-picture.ts) and the benchmark draw this one.
 */
export const sampleLetter: LetterPdfInput = {
  village: {
    name: 'Desa Sukamaju',
    address: 'Jl. Raya Sukamaju No. 1, Kecamatan Cibeber, Kode Pos 43262 · desa-sukamaju.id',
    logo: null,
    regencyName: 'Cianjur',
    place: 'Sukamaju',
  },
  title: 'Surat Keterangan Domisili',
  number: '470/007/XII/2026',
  bodyHtml:
    '<p>Yang bertanda tangan di bawah ini Kepala Desa Sukamaju, Kecamatan Cibeber, Kabupaten Cianjur, ' +
    'menerangkan dengan sebenarnya bahwa:</p>' +
    '<table><tbody>' +
    '<tr><td>Nama</td><td>:</td><td><strong>Siti Rahmawati</strong></td></tr>' +
    '<tr><td>NIK</td><td>:</td><td>3203014508900002</td></tr>' +
    '<tr><td>Tempat/Tanggal Lahir</td><td>:</td><td>Cianjur, 5 Agustus 1990</td></tr>' +
    '<tr><td>Alamat</td><td>:</td><td>Kampung Babakan RT 002 RW 005, Desa Sukamaju</td></tr>' +
    '</tbody></table>' +
    '<p>Nama tersebut di atas adalah benar warga yang <em>berdomisili</em> di wilayah Desa Sukamaju sejak ' +
    'tahun 2015 sampai dengan sekarang.</p>' +
    '<p>Surat keterangan ini diberikan untuk keperluan:</p>' +
    '<ol><li data-list="ordered">Persyaratan pembukaan rekening bank;</li>' +
    '<li data-list="ordered">Persyaratan administrasi lainnya.</li></ol>' +
    '<p>Demikian surat keterangan ini kami buat dengan sebenarnya untuk dapat dipergunakan sebagaimana mestinya.</p>',
  issuedAt: new Date('2026-12-06T02:30:00Z'),
  signer: { name: 'H. Ahmad Suryana', position: 'Kepala Desa Sukamaju' },
  verifyUrl: 'https://desa-sukamaju.id/verifikasi/Q7k2mP9xR4tV',
  timeZone: 'Asia/Jakarta',
}
