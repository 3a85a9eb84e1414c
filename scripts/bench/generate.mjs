// Fills a migrated, seeded (admin user only) database with a large village, straight through
// better-sqlite3: thousands of rows in one transaction take a second, not the minutes the API would.
// Every record with an image gets its own stored name; the files are hard links to a few pictures
// drawn with sharp, so 14,000 images cost the disk a few megabytes.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import sharp from 'sharp'
import { copyWidths, storedName, variantName } from '../../core/image-variants.js'

export const FULL = {
  posts: 10_000,
  products: 2_000,
  photos: 2_000,
  pages: 200,
  aparaturs: 200,
  categories: 50,
  sliders: 5,
  // Informasi Publik (issue 23): enough pages (556) that the uncached list outlasts the read memo, as for posts.
  documents: 5_000,
  // Village information (issue 24): the agenda, half of it still to come, and the statistics datasets.
  events: 400,
  statistics: 60,
  // Village information and services (issue 22): 10 budget years of 80 lines each, 1,000 development projects.
  budgets: 10,
  budgetLines: 80,
  developments: 1_000,
  // Peta Desa (issue 39): a public layer of 5,000 points, served uncached at the news list's rate.
  mapPoints: 5_000,
  // Distinct pictures drawn per kind (sliders: one each); every record links one of them.
  pictures: 6,
}
export const QUICK = {
  posts: 200,
  products: 40,
  photos: 40,
  pages: 10,
  aparaturs: 10,
  categories: 5,
  sliders: 3,
  documents: 40,
  events: 20,
  statistics: 6,
  budgets: 2,
  budgetLines: 20,
  developments: 30,
  mapPoints: 50,
  pictures: 2,
}

/** The documents' kinds and classes as the bench village spreads them (one in 20 exempt: never listed). */
const DOCUMENT_KINDS = [
  'peraturan_desa',
  'peraturan_kepala_desa',
  'keputusan_kepala_desa',
  'laporan',
  'informasi_publik',
]
const DOCUMENT_CLASSES = ['berkala', 'setiap_saat', 'berkala', 'serta_merta']

/** A word every so many post titles carries, so `/posts?search=` has a realistic number of matches. */
export const SEARCH_WORD = 'panen'
/** The bench village's map layer of `mapPoints` points (Peta Desa, issue 39). */
export const MAP_LAYER = 'titik-survei'
export const PRODUCT_SEARCH_WORD = 'kopi'

const WORDS = [
  'gotong',
  'royong',
  'warga',
  'desa',
  'musyawarah',
  'jalan',
  'irigasi',
  'posyandu',
  'sekolah',
  'pasar',
  'sawah',
  'kebun',
  'balai',
  'karang',
  'taruna',
  'bantuan',
  'pelatihan',
  'festival',
  'budaya',
  'air',
  'bersih',
  'kesehatan',
  'pemuda',
  'lomba',
  'pembangunan',
  'anggaran',
  'laporan',
  'kegiatan',
  'umkm',
  'wisata',
]
const BUDGET_TYPES = ['pendapatan', 'belanja', 'penerimaan_pembiayaan', 'pengeluaran_pembiayaan']
const BIDANG = [
  'Penyelenggaraan Pemerintahan Desa',
  'Pelaksanaan Pembangunan Desa',
  'Pembinaan Kemasyarakatan',
  'Pemberdayaan Masyarakat',
  'Penanggulangan Bencana, Keadaan Darurat dan Mendesak Desa',
]
const PRODUCTS = [
  'Keripik Singkong',
  'Gula Aren',
  'Anyaman Bambu',
  'Madu Hutan',
  'Batik Tulis',
  'Beras Organik',
  'Dodol Nangka',
  'Sambal Roa',
]

/** Pictures of the sizes staff upload: a gradient with a label, re-encoded as the upload path does. */
async function drawPicture(file, { width, height, hue, label }) {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},60%,45%)"/>` +
    `<stop offset="1" stop-color="hsl(${(hue + 60) % 360},55%,30%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    ` +
    Array.from(
      { length: 40 },
      (_, i) =>
        `<circle cx="${(i * 97) % width}" cy="${(i * 53) % height}" r="${20 + ((i * 13) % 60)}" ` +
        `fill="hsla(${(hue + i * 9) % 360},70%,70%,0.35)"/>`,
    ).join('') +
    `
    <text x="50%" y="50%" font-size="${Math.round(height / 8)}" fill="white" text-anchor="middle" ` +
    `font-family="sans-serif">${label}</text>
  </svg>`
  await sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toFile(file)
}

const SHAPES = {
  posts: { width: 1200, height: 800 },
  products: { width: 900, height: 900 },
  photos: { width: 1200, height: 800 },
  sliders: { width: 1600, height: 700 },
  aparaturs: { width: 600, height: 600 },
  developments: { width: 1200, height: 800 },
}

/**
 * A few pictures of a kind, with the WebP copies storeImage writes (app/utils/upload-pipeline.server.ts) in the
 * widths the picture has (core/image-variants.js).
 */
async function pictureSet(dir, kind, count) {
  const sources = []
  const { width, height } = SHAPES[kind]
  for (let i = 0; i < count; i++) {
    const file = path.join(dir, `${kind}-${i}.jpg`)
    await drawPicture(file, { width, height, hue: (i * 53 + kind.length * 40) % 360, label: `${kind} ${i + 1}` })
    const variants = []
    for (const copy of copyWidths(width)) {
      const variant = path.join(dir, `${kind}-${i}-${copy}.webp`)
      await sharp(file)
        .resize({ width: copy, withoutEnlargement: true })
        .webp({ quality: 75, effort: 2 })
        .toFile(variant)
      variants.push({ width: copy, file: variant })
    }
    sources.push({ file, variants })
  }
  return sources
}

const iso = (ms) => new Date(ms).toISOString().replace('Z', '+00:00')
const pick = (list, i) => list[i % list.length]
const words = (i, n) => Array.from({ length: n }, (_, k) => pick(WORDS, i * 7 + k * 13 + (i >> 3)))
const title = (i, n) => {
  const text = words(i, n).join(' ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}
const slugify = (text) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .trim()
    .replace(/ +/g, '-')
    .replace(/-+/g, '-')
const paragraphs = (i, n) =>
  Array.from({ length: n }, (_, k) => `<p>${title(i + k, 40)}. ${words(i * 3 + k, 30).join(' ')}.</p>`).join('\n') +
  `\n<h2>${title(i, 4)}</h2>\n<ul><li>${title(i + 1, 5)}</li><li>${title(i + 2, 5)}</li></ul>`

/**
 * Writes the village into `dbFile` and its pictures into `uploadsDir`. `counts` is FULL or QUICK.
 * Returns what the benchmark needs to address: a post slug, the searched words.
 */
export async function generateVillage({ dbFile, uploadsDir, counts }) {
  const scratch = fs.mkdtempSync(path.join(path.dirname(dbFile), 'pictures-'))
  const pictures = {}
  for (const kind of Object.keys(SHAPES))
    pictures[kind] = await pictureSet(scratch, kind, kind === 'sliders' ? counts.sliders : counts.pictures)

  const storeImage = (kind, i) => {
    const source = pick(pictures[kind], i)
    const name = storedName(crypto.randomBytes(16).toString('hex'), SHAPES[kind].width, SHAPES[kind].height, 'jpg')
    const dir = path.join(uploadsDir, kind)
    fs.mkdirSync(dir, { recursive: true })
    fs.linkSync(source.file, path.join(dir, name))
    for (const variant of source.variants) fs.linkSync(variant.file, path.join(dir, variantName(name, variant.width)))
    return name
  }

  const db = new Database(dbFile)
  db.pragma('journal_mode = WAL')
  const admin = db.prepare("SELECT id FROM users WHERE username = 'admin'").get()
  if (!admin) throw new Error('the database has no admin user: start the server on it once first')
  const start = Date.UTC(2020, 0, 1)
  const step = (Date.UTC(2026, 0, 1) - start) / counts.posts
  const at = (i, total) => iso(start + Math.round((i * (Date.UTC(2026, 0, 1) - start)) / total))

  db.transaction(() => {
    const category = db.prepare('INSERT INTO categories (name, slug, created_at, updated_at) VALUES (?, ?, ?, ?)')
    const categoryIds = []
    for (let i = 0; i < counts.categories; i++) {
      const name = `${title(i, 2)} ${i + 1}`
      categoryIds.push(
        Number(category.run(name, slugify(name), at(i, counts.categories), at(i, counts.categories)).lastInsertRowid),
      )
    }
    const post = db.prepare(
      // Published as of their creation (the public sees only rows with a publish time:
      // app/models/content/publishing.server.ts).
      'INSERT INTO posts (image, title, slug, content, ' +
        'category_id, user_id, created_at, updated_at, published_at) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    )
    for (let i = 0; i < counts.posts; i++) {
      // One post in 25 mentions the harvest: a search with some hundreds of hits in the full village.
      const text = `${title(i, 6)}${i % 25 === 0 ? ` ${SEARCH_WORD} raya` : ''} ${i + 1}`
      const time = iso(start + Math.round(i * step))
      post.run(
        i % 10 === 9 ? null : storeImage('posts', i),
        text,
        slugify(text),
        paragraphs(i, 5),
        pick(categoryIds, i),
        admin.id,
        time,
        time,
        time,
      )
    }
    const product = db.prepare(
      'INSERT INTO products (image, title, slug, content, owner, price, ' +
        'phone, address, user_id, created_at, updated_at, published_at) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    )
    for (let i = 0; i < counts.products; i++) {
      const text = `${pick(PRODUCTS, i)}${i % 20 === 0 ? ` ${PRODUCT_SEARCH_WORD}` : ''} ${title(i, 2)} ${i + 1}`
      const time = at(i, counts.products)
      product.run(
        storeImage('products', i),
        text,
        slugify(text),
        paragraphs(i, 3),
        `Ibu ${title(i, 1)}`,
        5_000 + (i % 50) * 2_500,
        `0812${String(1_000_000 + i).padStart(8, '0')}`,
        `RT 0${(i % 9) + 1} RW 0${(i % 5) + 1}, Dusun ${title(i, 1)}`,
        admin.id,
        time,
        time,
        time,
      )
    }
    const photo = db.prepare(
      'INSERT INTO photos (image, caption, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
    )
    for (let i = 0; i < counts.photos; i++) {
      const time = at(i, counts.photos)
      photo.run(storeImage('photos', i), `${title(i, 3)} ${i + 1}`, words(i, 12).join(' '), time, time)
    }
    const page = db.prepare(
      'INSERT INTO pages (title, slug, content, user_id, created_at, updated_at, published_at) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    for (let i = 0; i < counts.pages; i++) {
      const text = `${title(i, 3)} ${i + 1}`
      const time = at(i, counts.pages)
      page.run(text, slugify(text), paragraphs(i, 8), admin.id, time, time, time)
    }
    const aparatur = db.prepare(
      'INSERT INTO aparaturs (image, name, position, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    for (let i = 0; i < counts.aparaturs; i++) {
      const time = at(i, counts.aparaturs)
      aparatur.run(
        storeImage('aparaturs', i),
        `Bapak ${title(i, 2)}`,
        `Kepala Urusan ${title(i, 1)}`,
        paragraphs(i, 2),
        time,
        time,
      )
    }
    const slider = db.prepare('INSERT INTO sliders (image, description, created_at, updated_at) VALUES (?, ?, ?, ?)')
    for (let i = 0; i < counts.sliders; i++)
      slider.run(storeImage('sliders', i), `Selamat datang ${i + 1}`, at(i, counts.sliders), at(i, counts.sliders))
    // Documents: the list pages read rows only (the PDFs are not asked for), so every row names one small file.
    const document = db.prepare(
      'INSERT INTO documents (title, slug, number, kind, information_class, enacted_at, ' +
        'description, file, file_size, user_id, created_at, updated_at, published_at) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    )
    for (let i = 0; i < (counts.documents ?? 0); i++) {
      const text = `Peraturan ${title(i, 4)} ${i + 1}`
      const time = at(i, counts.documents)
      document.run(
        text,
        slugify(text),
        `${(i % 40) + 1} Tahun ${2020 + (i % 6)}`,
        pick(DOCUMENT_KINDS, i),
        i % 20 === 19 ? 'dikecualikan' : pick(DOCUMENT_CLASSES, i),
        `${2020 + (i % 6)}-0${(i % 9) + 1}-1${i % 10}`,
        paragraphs(i, 1),
        `${crypto.createHash('md5').update(String(i)).digest('hex')}.pdf`,
        20_000 + (i % 100) * 1_000,
        admin.id,
        time,
        time,
        time,
      )
    }
    // The agenda: one event a day, from a year ago (ended) to as far ahead (upcoming), three hours each; `ended_at`
    // is the end, as the model writes it for a timed event (app/models/content/event.server.ts).
    const event = db.prepare(
      'INSERT INTO events (title, slug, description, location, starts_at, ends_at, ' +
        'all_day, organizer, ended_at, published_at, created_at, updated_at) ' +
        'VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)',
    )
    const today = Math.floor(Date.now() / 86_400_000) * 86_400_000
    for (let i = 0; i < counts.events; i++) {
      const text = `${title(i, 3)} ${i + 1}`
      const starts = today + (i - Math.floor(counts.events / 2)) * 86_400_000 + 2 * 3_600_000
      const ends = iso(starts + 3 * 3_600_000)
      const created = iso(today - 400 * 86_400_000 + i * 60_000)
      event.run(
        text,
        slugify(text),
        paragraphs(i, 2),
        `Balai Dusun ${title(i, 1)}`,
        iso(starts),
        ends,
        `Karang Taruna ${i % 7}`,
        ends,
        created,
        created,
        created,
      )
    }
    // Statistics: tables of 2 columns and 14 rows (an age pyramid's size).
    const statistic = db.prepare(
      'INSERT INTO statistics (title, slug, category, unit, year, source, ' +
        'columns, rows, label_column, chart, published_at, created_at, updated_at) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    )
    const categories = ['penduduk', 'pendidikan', 'pekerjaan', 'agama', 'kesehatan', 'ekonomi', 'lainnya']
    for (let i = 0; i < counts.statistics; i++) {
      const text = `Statistik ${title(i, 3)} ${i + 1}`
      const rows = Array.from({ length: 14 }, (_, r) => ({
        label: `${r * 5}-${r * 5 + 4}`,
        values: [100 + ((i * 7 + r * 13) % 50), 95 + ((i * 11 + r * 5) % 50)],
      }))
      const time = at(i, counts.statistics)
      statistic.run(
        text,
        slugify(text),
        pick(categories, i),
        'jiwa',
        2026,
        'Profil Desa',
        JSON.stringify(['Laki-laki', 'Perempuan']),
        JSON.stringify(rows),
        'Kelompok Umur',
        'bar',
        time,
        time,
        time,
      )
    }

    // The budget of the last `budgets` years, each of `budgetLines` lines of every type, published.
    const budget = db.prepare(
      'INSERT INTO budgets (year, regulation_number, status, published_at, created_at, updated_at) ' +
        'VALUES (?, ?, ?, ?, ?, ?)',
    )
    const line = db.prepare(
      'INSERT INTO budget_items (budget_id, position, type, "group", name, amount, realized) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    for (let i = 0; i < counts.budgets; i++) {
      const year = 2025 - i
      const time = at(i, counts.budgets)
      const id = Number(budget.run(year, `Perdes No. 1 Tahun ${year}`, 'published', time, time, time).lastInsertRowid)
      for (let n = 0; n < counts.budgetLines; n++) {
        const type = BUDGET_TYPES[n < counts.budgetLines * 0.2 ? 0 : n < counts.budgetLines * 0.9 ? 1 : 2 + (n % 2)]
        const amount = (5 + ((n * 37 + i * 11) % 400)) * 1_000_000
        line.run(
          id,
          n,
          type,
          pick(BIDANG, Math.floor(n / 12)),
          `${title(n + i, 4)} ${n + 1}`,
          amount,
          amount - (n % 7) * 250_000,
        )
      }
    }
    const development = db.prepare(
      'INSERT INTO developments (title, slug, description, location, latitude, longitude, ' +
        'year, budget, funding_source, implementer, volume, start_date, end_date, progress, ' +
        'image, image_alt, status, published_at, created_at, updated_at) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    )
    for (let i = 0; i < counts.developments; i++) {
      const text = `Pembangunan ${title(i, 3)} ${i + 1}`
      const time = at(i, counts.developments)
      const year = 2016 + (i % 10)
      development.run(
        text,
        slugify(text),
        paragraphs(i, 2),
        `Dusun ${title(i, 1)} RT 0${(i % 9) + 1}`,
        i % 3 ? -6.9 - (i % 100) / 1000 : null,
        i % 3 ? 107.6 + (i % 100) / 1000 : null,
        year,
        (50 + (i % 900)) * 1_000_000,
        pick(['Dana Desa', 'Alokasi Dana Desa', 'Bantuan Keuangan Provinsi'], i),
        'Tim Pelaksana Kegiatan',
        `${100 + (i % 900)} m`,
        `${year}-03-01`,
        `${year}-10-31`,
        [0, 25, 50, 75, 100][i % 5],
        storeImage('developments', i),
        '',
        'published',
        time,
        time,
        time,
      )
    }
  })()

  // Peta Desa (issue 39): a public point layer of `mapPoints` features spread over a village of about 4 x 3 km.
  db.transaction(() => {
    const layer = db
      .prepare(
        'INSERT INTO map_layers (name, slug, kind, color, public, position, updated_at) VALUES (?, ?, ?, ?, 1, 9, ?)',
      )
      .run('Titik Survei', MAP_LAYER, 'point', '#0f766e', iso(start))
    const feature = db.prepare(
      'INSERT INTO map_features (layer_id, name, description, geometry, west, south, east, north, vertices, ' +
        'created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)',
    )
    for (let i = 0; i < counts.mapPoints; i++) {
      const lon = Math.round((107.604 + ((i * 7919) % 3300) / 100_000) * 1e7) / 1e7
      const lat = Math.round((-6.93 + ((i * 104_729) % 2500) / 100_000) * 1e7) / 1e7
      const time = at(i, counts.mapPoints)
      feature.run(
        layer.lastInsertRowid,
        `Titik ${title(i, 2)} ${i + 1}`,
        `Titik survei ke-${i + 1}`,
        JSON.stringify({ type: 'Point', coordinates: [lon, lat] }),
        lon,
        lat,
        lon,
        lat,
        time,
        time,
      )
    }
  })()

  // A post in the middle of the list for the detail page; every slug for the uncached detail requests.
  const detail = db
    .prepare('SELECT slug FROM posts ORDER BY id DESC LIMIT 1 OFFSET ?')
    .get(Math.floor(counts.posts / 2))
  const image = db.prepare('SELECT image FROM posts WHERE image IS NOT NULL ORDER BY id DESC LIMIT 1').get()
  const postSlugs = db.prepare('SELECT slug FROM posts').pluck().all()
  const statisticSlugs = db.prepare('SELECT slug FROM statistics').pluck().all()
  const budgetYears = db.prepare('SELECT year FROM budgets ORDER BY year DESC').pluck().all()
  db.close()
  fs.rmSync(scratch, { recursive: true, force: true })
  return {
    postSlug: detail.slug,
    postImage: image.image,
    postSlugs,
    statisticSlugs,
    budgetYears,
    postTerms: searchTerms(counts.posts, WORDS),
    productTerms: searchTerms(counts.products, [
      ...WORDS,
      ...PRODUCTS.flatMap((name) => name.toLowerCase().split(' ')),
    ]),
  }
}

/**
 * Distinct search terms of the kind villagers type, each a different search for the site (no two equal once
 * case is folded): the words of the titles and their parts of 3 letters or more, one to three words as the titles
 * hold them (the last one possibly cut short, as while typing), and 3-digit numbers. Many match hundreds of rows,
 * some a handful, some none. More of them than the caches hold, so a repeated term has always been pushed out.
 */
function searchTerms(rows, vocabulary) {
  const terms = new Set()
  for (const word of vocabulary) {
    for (let length = word.length; length >= 3; length--)
      for (let at = 0; at + length <= word.length; at++) terms.add(word.slice(at, at + length))
  }
  for (let i = 0; i < Math.min(rows, 240); i++) {
    const parts = words(i, 3)
    for (let count = 2; count <= 3; count++) {
      const phrase = parts.slice(0, count).join(' ')
      for (let end = phrase.lastIndexOf(' ') + 2; end <= phrase.length; end++) terms.add(phrase.slice(0, end))
    }
  }
  for (let n = 100; n < 400; n++) terms.add(String(n))
  return [...terms]
}
