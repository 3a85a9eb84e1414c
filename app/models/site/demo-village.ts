/** The demo village written on first start when SEED_DEMO is on. Plain data, in Indonesian. */

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('')

export function demoVillage(siteName: string) {
  const categories = ['Pemerintahan', 'Kegiatan Warga', 'Pembangunan']
  const posts = [
    {
      category: 'Pemerintahan',
      title: 'Musyawarah Desa Membahas Rencana Kerja Tahun Depan',
      body:
        'Pemerintah desa bersama Badan Permusyawaratan Desa menggelar musyawarah untuk menyusun Rencana Kerja ' +
        'Pemerintah Desa. Warga dari setiap dusun hadir menyampaikan usulan.',
    },
    {
      category: 'Kegiatan Warga',
      title: 'Kerja Bakti Membersihkan Saluran Irigasi',
      body:
        'Ratusan warga bergotong royong membersihkan saluran irigasi menjelang musim tanam. Kegiatan dimulai pukul ' +
        'tujuh pagi dan ditutup dengan makan bersama.',
    },
    {
      category: 'Pembangunan',
      title: 'Pengaspalan Jalan Dusun Krajan Rampung',
      body:
        'Jalan sepanjang 800 meter di Dusun Krajan kini telah diaspal menggunakan Dana Desa. Warga berharap akses ' +
        'hasil panen ke pasar menjadi lebih cepat.',
    },
    {
      category: 'Kegiatan Warga',
      title: 'Posyandu Balita Bulan Ini Catat Kenaikan Kunjungan',
      body:
        'Kader posyandu mencatat kenaikan jumlah balita yang ditimbang. Pemberian makanan tambahan dan imunisasi ' +
        'berjalan lancar.',
    },
    {
      category: 'Pemerintahan',
      title: 'Penyaluran Bantuan Langsung Tunai Dana Desa Tahap Kedua',
      body:
        'Bantuan Langsung Tunai tahap kedua telah disalurkan kepada keluarga penerima manfaat di balai desa dengan ' +
        'pengawasan pendamping desa.',
    },
    {
      category: 'Pembangunan',
      title: 'Pembangunan Sumur Bor untuk Air Bersih Warga',
      body:
        'Dua titik sumur bor baru dibangun untuk memenuhi kebutuhan air bersih warga di musim kemarau. ' +
        'Pengelolaannya diserahkan kepada kelompok pengguna air.',
    },
    {
      category: 'Kegiatan Warga',
      title: 'Lomba Kebersihan Antar RT Meriahkan Hari Kemerdekaan',
      body:
        'Setiap RT berlomba menghias lingkungan dan menjaga kebersihan. Penilaian dilakukan oleh tim dari ' +
        'kecamatan.',
    },
    {
      category: 'Pemerintahan',
      title: 'Pelayanan Administrasi Kependudukan Kini Bisa Dijadwalkan',
      body:
        'Warga dapat menjadwalkan pengurusan surat pengantar dan dokumen kependudukan agar tidak perlu mengantre ' +
        'lama di kantor desa.',
    },
    {
      category: 'Pembangunan',
      title: 'Renovasi Balai Pertemuan Warga Dimulai',
      body:
        'Balai pertemuan warga yang sudah berumur tiga puluh tahun mulai direnovasi. Atap dan lantai diganti agar ' +
        'aman dipakai untuk kegiatan bersama.',
    },
    {
      category: 'Kegiatan Warga',
      title: 'Pelatihan Pemasaran Daring untuk Pelaku UMKM',
      body:
        'Pelaku usaha mikro desa mengikuti pelatihan memotret produk dan berjualan melalui media sosial serta ' +
        'lokapasar.',
    },
    {
      category: 'Pemerintahan',
      title: 'Laporan Realisasi APBDes Semester Pertama',
      body:
        'Pemerintah desa memaparkan realisasi pendapatan dan belanja desa semester pertama secara terbuka di papan ' +
        'informasi dan situs desa.',
    },
    {
      category: 'Kegiatan Warga',
      title: 'Panen Raya Padi Disambut Syukuran Warga',
      body:
        'Petani menyambut panen raya dengan syukuran sederhana. Hasil panen tahun ini meningkat berkat perbaikan ' +
        'irigasi.',
    },
  ].map((post) => ({
    category: post.category,
    title: post.title,
    content:
      p(post.body, `Kepala Desa menyampaikan terima kasih kepada seluruh warga ${siteName} atas partisipasinya.`) +
      '<h2>Langkah Selanjutnya</h2><ul><li>Sosialisasi kepada seluruh dusun</li><li>Evaluasi bersama ' +
      'BPD</li><li>Laporan terbuka kepada warga</li></ul>',
  }))

  const pages = [
    {
      title: 'Sejarah Desa',
      content: p(
        `${siteName} berdiri sejak masa kolonial sebagai permukiman petani di tepi sungai. Nama desa diambil ` +
          'dari harapan para pendiri agar warganya hidup rukun dan makmur.',
        'Seiring waktu, desa berkembang menjadi sentra pertanian padi dan palawija dengan tradisi gotong royong ' +
          'yang masih terjaga hingga kini.',
      ),
    },
    {
      title: 'Visi dan Misi',
      content:
        '<h2>Visi</h2>' +
        p('Terwujudnya desa yang mandiri, sejahtera, dan berbudaya melalui tata kelola pemerintahan yang terbuka.') +
        '<h2>Misi</h2><ol><li>Meningkatkan pelayanan publik yang cepat dan ramah.</li><li>Membangun ' +
        'infrastruktur yang merata.</li><li>Mengembangkan ekonomi warga berbasis potensi ' +
        'lokal.</li><li>Melestarikan budaya dan kearifan lokal.</li></ol>',
    },
    {
      title: 'Profil Wilayah',
      content: p(
        'Wilayah desa seluas 512 hektare terbagi atas empat dusun, 8 RW, dan 24 RT. Sebagian besar lahan berupa ' +
          'sawah irigasi teknis dan kebun campuran.',
        'Jumlah penduduk sekitar 4.200 jiwa dengan mata pencaharian utama sebagai petani, pedagang, dan pelaku ' +
          'usaha kecil.',
      ),
    },
    {
      title: 'Layanan Administrasi',
      content:
        p('Kantor desa melayani warga setiap Senin sampai Jumat pukul 08.00 sampai 15.00.') +
        '<ul><li>Surat pengantar KTP dan Kartu Keluarga</li><li>Surat keterangan usaha</li><li>Surat keterangan ' +
        'tidak mampu</li><li>Surat keterangan domisili</li></ul>',
    },
  ]

  const products = [
    {
      title: 'Beras Organik Pandan Wangi',
      price: 75000,
      owner: 'Kelompok Tani Subur Makmur',
      phone: '081234567801',
      address: 'Dusun Krajan RT 02/RW 01',
    },
    {
      title: 'Keripik Singkong Pedas',
      price: 15000,
      owner: 'Ibu Siti Aminah',
      phone: '081234567802',
      address: 'Dusun Sukamulya RT 01/RW 03',
    },
    {
      title: 'Madu Hutan Asli',
      price: 120000,
      owner: 'Bapak Darto',
      phone: '081234567803',
      address: 'Dusun Cibeureum RT 04/RW 02',
    },
    {
      title: 'Batik Tulis Motif Padi',
      price: 350000,
      owner: 'Sanggar Batik Sekar Arum',
      phone: '081234567804',
      address: 'Dusun Krajan RT 03/RW 01',
    },
    {
      title: 'Kopi Robusta Bubuk',
      price: 45000,
      owner: 'Koperasi Kopi Lereng',
      phone: '081234567805',
      address: 'Dusun Pasir RT 02/RW 04',
    },
    {
      title: 'Anyaman Bambu Serbaguna',
      price: 60000,
      owner: 'Bapak Ujang',
      phone: '081234567806',
      address: 'Dusun Sukamulya RT 05/RW 03',
    },
    {
      title: 'Gula Aren Cetak',
      price: 25000,
      owner: 'Ibu Nining',
      phone: '081234567807',
      address: 'Dusun Cibeureum RT 01/RW 02',
    },
    {
      title: 'Telur Asin Bakar',
      price: 30000,
      owner: 'UMKM Dapur Bunda',
      phone: '081234567808',
      address: 'Dusun Pasir RT 03/RW 04',
    },
  ].map((product) => ({
    ...product,
    content: p(
      `${product.title} adalah produk unggulan warga ${siteName}, dibuat dari bahan pilihan dengan cara tradisional.`,
      'Pemesanan dapat dilakukan langsung kepada penjual melalui WhatsApp.',
    ),
  }))

  const photos = [
    ['Sawah Menjelang Panen', 'Hamparan padi menguning di Dusun Krajan.'],
    ['Kerja Bakti Warga', 'Gotong royong membersihkan saluran irigasi.'],
    ['Kantor Desa', 'Kantor desa tempat pelayanan administrasi warga.'],
    ['Posyandu Balita', 'Kader posyandu melayani penimbangan balita.'],
    ['Pasar Desa', 'Suasana pasar desa di pagi hari.'],
    ['Sungai Desa', 'Sungai yang mengairi sawah warga.'],
    ['Festival Budaya', 'Pertunjukan seni tradisional saat festival desa.'],
    ['Jalan Dusun Baru', 'Jalan dusun yang baru selesai diaspal.'],
    ['Pelatihan UMKM', 'Pelaku usaha belajar pemasaran daring.'],
    ['Musyawarah Desa', 'Warga dan BPD bermusyawarah di balai desa.'],
    ['Kebun Kopi', 'Kebun kopi robusta di lereng bukit.'],
    ['Senja di Desa', 'Matahari terbenam di balik perbukitan.'],
  ].map(([caption, description]) => ({ caption, description }))

  const sliders = [
    { label: `Selamat Datang di ${siteName}`, description: `Selamat datang di situs resmi ${siteName}` },
    { label: 'Gotong Royong Membangun Desa', description: 'Gotong royong membangun desa bersama warga' },
    { label: 'Produk Unggulan Warga', description: 'Dukung produk unggulan warga desa' },
  ]

  const aparaturs = [
    ['Ahmad Suryana', 'Kepala Desa'],
    ['Dewi Lestari', 'Sekretaris Desa'],
    ['Budi Santoso', 'Kaur Keuangan'],
    ['Rina Marlina', 'Kaur Umum dan Perencanaan'],
    ['Hendra Gunawan', 'Kasi Pemerintahan'],
    ['Sri Wahyuni', 'Kasi Kesejahteraan'],
    ['Agus Setiawan', 'Kasi Pelayanan'],
    ['Yusuf Hidayat', 'Kepala Dusun Krajan'],
  ].map(([name, position]) => ({
    name,
    position,
    description: p(`${name} menjabat sebagai ${position} dan melayani warga dengan sepenuh hati.`),
  }))

  // Village information: the agenda (days from the first start, times in the village's zone), a past announcement,
  // the village in figures.
  const events = [
    {
      title: 'Posyandu Balita dan Lansia',
      days: 3,
      from: '08:00',
      to: '11:00',
      location: 'Pos Kesehatan Desa, Dusun Krajan',
      organizer: 'Kader Posyandu',
      description: p('Penimbangan balita, imunisasi, pemeriksaan tekanan darah lansia dan pemberian makanan tambahan.'),
    },
    {
      title: 'Musyawarah Desa Rencana Kerja Pemerintah Desa',
      days: 9,
      from: '19:30',
      to: '22:00',
      location: 'Balai Desa',
      organizer: 'Badan Permusyawaratan Desa',
      description: p(
        'Warga dan BPD membahas usulan kegiatan dan anggaran untuk tahun depan. Setiap dusun mengirim wakil.',
      ),
    },
    {
      title: 'Vaksinasi Hewan Ternak',
      days: 16,
      allDay: true,
      location: 'Kandang kelompok ternak di setiap dusun',
      organizer: 'Dinas Peternakan Kabupaten',
      description: p('Vaksinasi gratis untuk sapi, kambing dan ayam. Pemilik ternak diminta berada di kandang.'),
    },
    {
      title: 'Kerja Bakti Bersih Desa',
      days: -10,
      from: '07:00',
      to: '10:00',
      location: 'Seluruh dusun',
      organizer: 'Pemerintah Desa',
      description: p('Warga membersihkan saluran air dan jalan desa menjelang musim hujan.'),
    },
  ]
  const announcements = [
    {
      title: 'Pemadaman Air Bersih Sementara',
      days: -20,
      hours: 24,
      content: p('Aliran air bersih dihentikan sementara untuk perbaikan pipa induk. Terima kasih atas pengertiannya.'),
    },
  ]
  const statistics = [
    {
      title: 'Jumlah Penduduk Menurut Kelompok Umur dan Jenis Kelamin',
      category: 'penduduk',
      unit: 'jiwa',
      source: 'Profil Desa',
      label_column: 'Kelompok Umur',
      chart: 'bar',
      columns: ['Laki-laki', 'Perempuan'],
      rows: [
        ['0-4', 112, 106],
        ['5-9', 121, 117],
        ['10-14', 126, 119],
        ['15-19', 118, 121],
        ['20-24', 109, 112],
        ['25-29', 104, 110],
        ['30-34', 99, 103],
        ['35-39', 96, 98],
        ['40-44', 91, 94],
        ['45-49', 84, 88],
        ['50-54', 77, 80],
        ['55-59', 65, 70],
        ['60-64', 52, 58],
        ['65+', 61, 79],
      ],
    },
    {
      title: 'Penduduk Menurut Tingkat Pendidikan',
      category: 'pendidikan',
      unit: 'jiwa',
      source: 'Profil Desa',
      label_column: 'Pendidikan Terakhir',
      chart: 'pie',
      columns: ['Jumlah'],
      rows: [
        ['Tidak/Belum Sekolah', 412],
        ['Tamat SD/Sederajat', 698],
        ['Tamat SMP/Sederajat', 521],
        ['Tamat SMA/SMK/Sederajat', 643],
        ['Diploma (D1-D3)', 84],
        ['Sarjana (S1-S3)', 97],
      ],
    },
    {
      title: 'Penduduk Menurut Mata Pencaharian',
      category: 'pekerjaan',
      unit: 'orang',
      source: 'Profil Desa',
      label_column: 'Mata Pencaharian',
      chart: 'bar',
      columns: ['Jumlah'],
      rows: [
        ['Petani', 486],
        ['Buruh Tani', 231],
        ['Pedagang', 118],
        ['Wiraswasta', 96],
        ['Karyawan Swasta', 143],
        ['PNS/TNI/Polri', 37],
        ['Guru', 42],
        ['Lainnya', 165],
      ],
    },
  ].map(({ rows, ...dataset }) => ({
    ...dataset,
    rows: rows.map(([label, ...values]) => ({ label: label as string, values: values as number[] })),
  }))

  return {
    categories,
    posts,
    pages,
    products,
    photos,
    sliders,
    aparaturs,
    events,
    announcements,
    statistics,
    ...transparency(siteName),
  }
}

type DemoLine = [type: string, group: string, name: string, amount: number, realizedShare: number]

const PAD = 'Pendapatan Asli Desa'
const TRANSFER = 'Pendapatan Transfer'
const PEMERINTAHAN = 'Penyelenggaraan Pemerintahan Desa'
const PEMBANGUNAN = 'Pelaksanaan Pembangunan Desa'
const PEMBINAAN = 'Pembinaan Kemasyarakatan'
const PEMBERDAYAAN = 'Pemberdayaan Masyarakat'
const BENCANA = 'Penanggulangan Bencana, Keadaan Darurat dan Mendesak Desa'

/** A village budget of about Rp 2 miliar a year, its lines as a village writes them (Permendagri 20/2018). */
const BUDGET_LINES: DemoLine[] = [
  ['pendapatan', PAD, 'Hasil Usaha BUMDes', 45_000_000, 1],
  ['pendapatan', PAD, 'Hasil Aset Desa (sewa tanah kas desa)', 30_000_000, 1],
  ['pendapatan', PAD, 'Swadaya, Partisipasi dan Gotong Royong', 15_000_000, 0.9],
  ['pendapatan', TRANSFER, 'Dana Desa', 1_050_000_000, 1],
  ['pendapatan', TRANSFER, 'Bagi Hasil Pajak dan Retribusi Daerah', 62_000_000, 0.95],
  ['pendapatan', TRANSFER, 'Alokasi Dana Desa', 620_000_000, 1],
  ['pendapatan', TRANSFER, 'Bantuan Keuangan Provinsi', 150_000_000, 1],
  ['pendapatan', TRANSFER, 'Bantuan Keuangan Kabupaten', 100_000_000, 0.8],
  ['pendapatan', 'Pendapatan Lain-lain', 'Bunga Bank', 3_500_000, 1.1],
  ['belanja', PEMERINTAHAN, 'Penghasilan Tetap dan Tunjangan Kepala Desa dan Perangkat Desa', 540_000_000, 1],
  ['belanja', PEMERINTAHAN, 'Operasional Perkantoran Pemerintah Desa', 85_000_000, 0.96],
  ['belanja', PEMERINTAHAN, 'Tunjangan dan Operasional BPD', 48_000_000, 1],
  ['belanja', PEMERINTAHAN, 'Penyusunan Dokumen Perencanaan dan Laporan Desa', 20_000_000, 0.9],
  ['belanja', PEMBANGUNAN, 'Pengaspalan Jalan Dusun Krajan', 420_000_000, 0.98],
  ['belanja', PEMBANGUNAN, 'Pembangunan Sumur Bor Air Bersih', 160_000_000, 0.85],
  ['belanja', PEMBANGUNAN, 'Rehabilitasi Saluran Irigasi', 185_000_000, 0.9],
  ['belanja', PEMBANGUNAN, 'Penyelenggaraan Posyandu (makanan tambahan, insentif kader)', 60_000_000, 1],
  ['belanja', PEMBANGUNAN, 'Renovasi Balai Warga', 150_000_000, 0.7],
  ['belanja', PEMBINAAN, 'Pembinaan Karang Taruna dan Olahraga', 25_000_000, 0.92],
  ['belanja', PEMBINAAN, 'Pembinaan Lembaga Adat dan Keagamaan', 20_000_000, 1],
  ['belanja', PEMBINAAN, 'Operasional Linmas', 18_000_000, 1],
  ['belanja', PEMBERDAYAAN, 'Pelatihan UMKM dan Pemasaran Daring', 35_000_000, 0.95],
  ['belanja', PEMBERDAYAAN, 'Pelatihan Pertanian Organik', 25_000_000, 0.88],
  ['belanja', BENCANA, 'Bantuan Langsung Tunai Dana Desa', 180_000_000, 1],
  ['belanja', BENCANA, 'Keadaan Darurat', 20_000_000, 0.25],
  ['penerimaan_pembiayaan', 'Penerimaan Pembiayaan', 'SiLPA Tahun Sebelumnya', 65_500_000, 1],
  ['pengeluaran_pembiayaan', 'Pengeluaran Pembiayaan', 'Penyertaan Modal BUMDes', 150_000_000, 1],
]

/**
 * The budget of last year (fully realised) and this year (realised so far), and four development projects: done,
 * under way (two) and planned, the first and third with progress photos.
 */
function transparency(siteName: string) {
  const year = new Date().getFullYear()
  const budgets = [
    { year: year - 1, scale: 0.94, progress: 1, regulation_number: `Perdes No. 1 Tahun ${year - 1}` },
    { year, scale: 1, progress: 0.46, regulation_number: `Perdes No. 1 Tahun ${year}` },
  ].map(({ year, scale, progress, regulation_number }) => ({
    year,
    regulation_number,
    items: BUDGET_LINES.map(([type, group, name, amount, share]) => {
      // Round figures, as a village budgets them: whole thousands of rupiah.
      const budgeted = Math.round((amount * scale) / 1000) * 1000
      return { type, group, name, amount: budgeted, realized: Math.round((budgeted * share * progress) / 1000) * 1000 }
    }),
  }))
  const developments = [
    {
      title: 'Pengaspalan Jalan Dusun Krajan',
      location: 'Dusun Krajan RT 02/RW 01',
      latitude: -6.9175,
      longitude: 107.6191,
      budget: 420_000_000,
      funding_source: 'Dana Desa',
      implementer: 'Tim Pelaksana Kegiatan (TPK) Desa',
      volume: '800 m x 3 m',
      start_date: `${year}-03-02`,
      end_date: `${year}-06-30`,
      progress: 100,
      description:
        'Pengaspalan jalan poros Dusun Krajan sepanjang 800 meter dengan Dana Desa, dikerjakan secara padat karya ' +
        `oleh warga ${siteName}. Jalan ini memperlancar pengangkutan hasil panen ke pasar.`,
      photos: [
        { caption: 'Pemadatan badan jalan sebelum pengaspalan', progress: 30 },
        { caption: 'Jalan selesai diaspal dan siap dilalui', progress: 100 },
      ],
    },
    {
      title: 'Pembangunan Sumur Bor Air Bersih',
      location: 'Dusun Cibeureum RT 01/RW 02',
      latitude: -6.9212,
      longitude: 107.6254,
      budget: 160_000_000,
      funding_source: 'Dana Desa',
      implementer: 'Tim Pelaksana Kegiatan (TPK) Desa',
      volume: '2 titik sumur, kedalaman 90 m',
      start_date: `${year}-05-06`,
      end_date: `${year}-09-30`,
      progress: 65,
      description:
        'Dua titik sumur bor dengan menara tandon untuk kebutuhan air bersih warga di musim kemarau. ' +
        'Pengelolaannya diserahkan kepada kelompok pengguna air.',
      photos: [],
    },
    {
      title: 'Rehabilitasi Saluran Irigasi Blok Sawah Tengah',
      location: 'Blok Sawah Tengah, Dusun Sukamulya',
      latitude: null,
      longitude: null,
      budget: 185_000_000,
      funding_source: 'Alokasi Dana Desa',
      implementer: 'Kelompok Tani Subur Makmur bersama TPK Desa',
      volume: '1.200 m saluran pasangan batu',
      start_date: `${year}-07-01`,
      end_date: `${year}-11-30`,
      progress: 40,
      description: 'Perbaikan saluran irigasi tersier yang rusak agar air sampai ke seluruh petak sawah.',
      photos: [{ caption: 'Pemasangan batu kali di ruas pertama', progress: 40 }],
    },
    {
      title: 'Renovasi Balai Warga Dusun Pasir',
      location: 'Dusun Pasir RT 03/RW 04',
      latitude: null,
      longitude: null,
      budget: 150_000_000,
      funding_source: 'Bantuan Keuangan Provinsi',
      implementer: 'Tim Pelaksana Kegiatan (TPK) Desa',
      volume: '1 unit bangunan 12 m x 8 m',
      start_date: null,
      end_date: null,
      progress: 0,
      description:
        'Penggantian atap dan lantai balai warga yang sudah berumur tiga puluh tahun. Menunggu pencairan bantuan ' +
        'provinsi.',
      photos: [],
    },
  ].map((project) => ({ ...project, year, description: p(project.description) }))
  return { budgets, developments }
}
