import { describe, expect, it } from 'vitest'
import { gamblingSpamIn, gamblingSpamInFields, spamGuardWork, spamMessage } from '#core/spam-guard.js'
import vocabulary from '#core/spam-vocabulary.json'

/**
 * The online-gambling spam guard (core/spam-guard.js, docs/decisions/029-gambling-spam-guard.md) on a corpus of
 * spam written the way it reaches village sites (plain and disguised), and of ordinary village texts, many of them
 * about the dangers of gambling.
 */

// [text, the phrase the refusal names]
const SPAM: [string, string][] = [
  ['SLOT GACOR HARI INI GAMPANG MAXWIN', 'gacor'],
  ['Daftar sekarang di situs slot88 terpercaya, bonus new member 100%', 'slot88'],
  ['Link alternatif MAXWIN88 terbaru anti blokir', 'link alternatif'],
  ['RTP live slot pragmatic hari ini 98%, pola gacor jam 12 malam', 'rtp live'],
  ['Deposit pulsa tanpa potongan, minimal depo 10rb, WD berapapun dibayar', 'deposit pulsa'],
  ['Bocoran RTP slot gacor malam ini', 'bocoran rtp'],
  ['Situs judi online terpercaya 2024 - daftar via WA 0812-9999-8888', 'judi online terpercaya'],
  ['Judi online bisa deposit 10rb saja', 'judi online'],
  ['Main slot online auto cuan', 'slot online'],
  ['Togel SGP hari ini, angka jitu 4D keluar malam ini', 'togel sgp'],
  ['Main di Kakek Zeus auto JP paus', 'kakek zeus'],
  ['Mahjong Ways 2 scatter hitam muncul terus', 'mahjong ways'],
  ['Bandar togel terpercaya, diskon 4D terbesar, hubungi WA', 'bandar togel terpercaya'],
  ['Sbobet88 mix parlay judi bola online terpercaya', 'sbobet88'],
  ['Gates of Olympus x1000 bet 200 perak', 'gates of olympus'],
  ['Akun pro Thailand gampang menang, daftar di sini', 'akun pro thailand'],
  ['Situs slot 5000 tanpa potongan, daftar sekarang juga!', 'situs slot'],
  ['Judol gacor? Klik link di bio', 'gacor'],
  ['PKV Games DominoQQ BandarQ online 24 jam', 'pkv games'],
  ['Togel malam ini, hubungi WA 081234567890', 'togel'],
  ['Slot hari ini gampang menang', 'slot'],
  ['Kunjungi slot88gacor.com sekarang', 'slot88'],
  // Reporting words do not launder promotion.
  ['Waspada penipuan! Slot gacor maxwin x500 hanya di gacor88, daftar sekarang', 'gacor'],
  ['Stop judi online! Info slot gacor malam ini', 'gacor'],
  // Disguised: dots, spaces, dashes, digits for letters, zero-width characters, full-width, styled and look-alike
  // letters.
  ['S.L.O.T G.A.C.O.R  M.A.X.W.I.N', 'gacor'],
  ['g4c0r m4xw1n h4r1 1n1', 'gacor'],
  ['ｓｌｏｔ ｇａｃｏｒ ｍａｘｗｉｎ', 'gacor'],
  ['ga\u200bc\u200bor maxw\u200din', 'gacor'],
  ['Ѕlоt gасоr', 'gacor'], // Cyrillic Ѕ, о, а, с, о
  ['l i n k  a l t e r n a t i f', 'link alternatif'],
  ['d-e-p-o-s-i-t p-u-l-s-a', 'deposit pulsa'],
  ['𝐒𝐋𝐎𝐓 𝐆𝐀𝐂𝐎𝐑', 'gacor'],
  ['ɢᴀᴄᴏʀ ᴍᴀxᴡɪɴ ⓗⓐⓡⓘ ⓘⓝⓘ', 'gacor'], // small capitals, circled letters
  ['#slotgacor #maxwin #linkalternatif', 'gacor'],
  ['Sl0t88 l1nk daftar', 'slot88'],
  ['gacoooor bangeeet', 'gacor'],
  ['Gácór pol', 'gacor'],
  ['t0g3l ｈｋ', 'togel hk'],
  ['j.u.d.i o.n.l.i.n.e', 'judi online'],
  // Rich text: tags inside words, links, alt text.
  [
    '<p>Info <strong>slot</strong> <em>gacor</em> malam ini</p><p><a href="https://bit.ly/xyz">Klik di sini</a></p>',
    'gacor',
  ],
  ['<p>Info <b>ga</b>cor</p>', 'gacor'],
  ['<p>Berita desa</p><p><img src="/uploads/posts/a.png" alt="slot gacor maxwin"></p>', 'gacor'],
  ['<p>Mau cuan? <a href="https://www.slot88-resmi.example/daftar">klik di sini</a></p>', 'slot88'],
  ['<p>ga&#8203;cor &amp; maxwin</p>', 'gacor'],
  // Bulk links to one outside domain.
  [
    '<p><a href="https://kilat-jaya.example/a">a</a> <a href="https://kilat-jaya.example/b">b</a> ' +
      '<a href="https://www.kilat-jaya.example/c">c</a></p>',
    'kilat-jaya.example',
  ],
  ['https://promo.hoki.example/1 https://promo.hoki.example/2 https://lain.hoki.example/3', 'hoki.example'],
]

const ORDINARY = [
  'Sosialisasi bahaya judi online bersama Bhabinkamtibmas',
  'Polsek Sukamaju mengimbau warga menjauhi judi online dan pinjaman ilegal',
  'Warga Desa Sukamaju deklarasi tolak judi online dan narkoba',
  'Kapolsek: pelaku judi slot online di desa kami sudah ditangkap',
  'Bahaya judol bagi remaja: kecanduan, utang, hingga putus sekolah',
  'Babinsa dan Bhabinkamtibmas razia warung yang dijadikan tempat togel',
  'Waspada iklan slot gacor di media sosial, laporkan ke aduankonten.id',
  'Pengajian bulanan membahas haramnya judi dan riba',
  'Kominfo telah memblokir ribuan situs judi online sepanjang tahun ini',
  'Judi online merusak keluarga; mari saling mengingatkan',
  'Judi online dan slot merusak masa depan generasi muda',
  'Penyuluhan hukum tentang pidana perjudian bagi karang taruna',
  'Stop judi online! Mari bangun desa yang sehat dan produktif',
  'Khutbah Jumat: judi dan minuman keras merusak sendi kehidupan',
  'Tiga warga menjadi korban penipuan berkedok investasi dan judi online',
  'Karang taruna menggelar seminar literasi digital: kenali modus judi online',
  'Rapat koordinasi Satgas pemberantasan judi online tingkat kecamatan',
  'Pemain judi online rentan terlilit utang dan kehilangan pekerjaan',
  'Jangan tergiur janji menang besar dari aplikasi judi',
  'Judi online tidak pernah membuat pemainnya menang.',
  'Hari ini, judi online menjadi masalah serius bagi keluarga',
  'Arisan RT bulan ini dapat jackpot 5 juta, selamat untuk Bu Ani yang menang!',
  'Main domino di pos ronda dilarang jika pakai taruhan',
  'Toilet duduk merek TOTO dijual murah, hubungi WA 081234567890',
  'RAM 4 GB, memori 64 GB, slot microSD, hubungi WA 081234567890',
  'Depo pasir dan batu Sukamaju, harga terbaik, hubungi 0812 1234 5678',
  'Kasus judi sabung ayam di desa tetangga ditangani polisi',
  '<p>Polres mengungkap jaringan judi online yang memakai istilah "slot gacor" untuk menjerat korban.</p><p>Baca ' +
    'selengkapnya di <a href="https://news.example.com/polres-ungkap-judi-online">sini</a>.</p>',
  'Gotong royong membersihkan saluran air di RT 03 RW 05',
  'Posyandu balita dibuka setiap Selasa, daftar sekarang di kantor desa',
  'Pelatihan UMKM gratis! Daftar sekarang, kuota terbatas. Hubungi WA 0812-3456-7890',
  'Jual beras organik 5 kg, harga terjangkau, hubungi WA 081234567890',
  'HP bekas dual slot SIM, promo bonus casing, hubungi 0812 3456 7890',
  'Kamera Olympus bekas kondisi mulus, bisa COD di balai desa',
  'Turnamen domino antarwarga memeriahkan HUT RI ke-79',
  'Jadwal slot kunjungan posyandu: pukul 08.00-12.00',
  'Kepala Desa menyerahkan bantuan langsung tunai kepada 120 keluarga penerima manfaat',
  'Musyawarah desa membahas rencana kerja pemerintah desa tahun 2025',
  'Lomba menang kalah itu biasa, yang penting sportif',
  'Data RTP (rumah tangga pertanian) hasil Sensus Pertanian 2023 telah dirilis BPS',
  'Link pendaftaran beasiswa: https://beasiswa.kemdikbud.go.id',
  'Bandar Lampung menjadi tujuan studi banding BUMDes kami, hubungi 0812-1111-2222',
  'Drs. H. Ahmad, S.Pd., M.Si. dilantik sebagai Sekretaris Desa',
  'Jl. Raya Sukamaju No. 1, Kecamatan Sukamaju, Kabupaten Sejahtera',
  'https://www.facebook.com/desasukamaju',
  '<p><a href="https://jdih.kemendesa.go.id/a">Permendes 1</a>, ' +
    '<a href="https://jdih.kemendesa.go.id/b">Permendes 2</a>, ' +
    '<a href="https://jdih.kemendesa.go.id/c">Permendes 3</a></p>',
  '<p>Pesan lewat <a href="https://tokoku.example/1">toko</a> atau <a href="https://tokoku.example/2">katalog</a></p>',
  '<p>Kerja bakti <strong>Minggu</strong> pagi.</p><p><img src="/uploads/posts/b.png" ' +
    'alt="Warga membersihkan selokan"></p>',
]

describe('the online-gambling spam guard', () => {
  it(`refuses ${SPAM.length} gambling spam texts, disguised ones included, naming the phrase`, () => {
    expect(SPAM.length).toBeGreaterThanOrEqual(30)
    const named = SPAM.map(([text]) => gamblingSpamIn(text))
    expect(named).toEqual(SPAM.map(([, phrase]) => phrase))
  })

  it(`passes ${ORDINARY.length} ordinary village texts, reporting on the dangers of gambling included`, () => {
    expect(ORDINARY.length).toBeGreaterThanOrEqual(30)
    const refused = ORDINARY.map((text) => [text, gamblingSpamIn(text)]).filter(([, phrase]) => phrase !== null)
    expect(refused).toEqual([])
  })

  it(
    'refuses every strong phrase of the vocabulary on its own and in full-width letters, ' +
      'and passes a weak one alone',
    () => {
      for (const group of vocabulary.groups) {
        for (const phrase of group.phrases) {
          const wide = phrase.replace(/[!-~]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0))
          if (group.kind === 'strong') {
            expect([gamblingSpamIn(phrase), gamblingSpamIn(wide)], phrase).toEqual([phrase, phrase])
          } else if (group.kind === 'weak' || group.kind === 'ambiguous') {
            expect(gamblingSpamIn(phrase), phrase).toBeNull()
          }
        }
      }
    },
  )

  it('judges sentence by sentence: a reporting sentence does not cover the next one', () => {
    expect(gamblingSpamIn('Polisi menangkap bandar judi online. Judi online resmi, daftar sekarang!')).toBe(
      'judi online',
    )
    expect(gamblingSpamIn('Polisi menangkap bandar judi online. Warga diminta melapor.')).toBeNull()
  })

  it(
    "counts only outside links for bulk links: the site itself, a trusted suffix and a link's own text " +
      'do not add up',
    () => {
      const links = (host: string) =>
        [1, 2, 3].map((n) => `<a href="https://${host}/p/${n}">https://${host}/p/${n}</a>`).join(' ')
      expect(gamblingSpamIn(`<p>${links('sukamaju.example')}</p>`)).toBe('sukamaju.example')
      expect(gamblingSpamIn(`<p>${links('sukamaju.example')}</p>`, { ownHosts: ['sukamaju.example'] })).toBeNull()
      expect(
        gamblingSpamIn(`<p>${links('www.sukamaju.example')}</p>`, { ownHosts: ['www.sukamaju.example'] }),
      ).toBeNull()
      expect(gamblingSpamIn(`<p>${links('dinsos.jabarprov.go.id')}</p>`)).toBeNull()
      expect(
        gamblingSpamIn(
          '<p><a href="https://a.example/1">https://a.example/1</a> ' +
            '<a href="https://a.example/2">https://a.example/2</a></p>',
        ),
      ).toBeNull()
    },
  )

  it('passes what is not text, and names each refused field', () => {
    expect(gamblingSpamIn(undefined)).toBeNull()
    expect(gamblingSpamIn(42)).toBeNull()
    expect(gamblingSpamIn('   ')).toBeNull()
    expect(
      gamblingSpamInFields({
        title: 'Kerja bakti',
        content: '<p>slot gacor</p>',
        owner: 'Bu Sri',
        address: 'link alternatif',
      }),
    ).toEqual([
      { field: 'content', phrase: 'gacor' },
      { field: 'address', phrase: 'link alternatif' },
    ])
    expect(spamMessage('gacor')).toBe('Konten terindikasi promosi judi online ("gacor")')
  })

  it('does work in proportion to the text: four times the article, four times the steps (no clock)', () => {
    const workOf = (text: string) => {
      const before = spamGuardWork()
      gamblingSpamIn(text)
      return spamGuardWork() - before
    }
    // [a piece of text, how many of them make the shorter text (about 20 KB)]
    const shapes: Record<string, [string, number]> = {
      // Sentences of an ordinary article.
      article: ['Warga bergotong royong membangun jembatan desa, dan judi online dibahas dalam sosialisasi. ', 250],
      // One endless line without a full stop, full of phrases that start gambling words.
      'one long sentence': ['slot desa link daftar situs judi online bonus deposit rtp laporan polisi blokir ', 250],
      // Long words: pieces are looked for inside every word.
      'long words': [`${'slotgacormaxwinbandarjudionline'.repeat(10)} `, 60],
    }
    for (const [shape, [piece, count]] of Object.entries(shapes)) {
      const once = workOf(`<p>${piece.repeat(count)}</p>`)
      const four = workOf(`<p>${piece.repeat(4 * count)}</p>`)
      expect(once, shape).toBeGreaterThan(0)
      expect(four / once, shape).toBeGreaterThan(3.5)
      expect(four / once, shape).toBeLessThan(4.5)
    }
    const article = `<p>${shapes.article[0].repeat(1000)}</p>`
    expect(gamblingSpamIn(article)).toBeNull()
    expect(gamblingSpamIn(`${article}<p>slot gacor</p>`)).toBe('gacor')
  })
})
