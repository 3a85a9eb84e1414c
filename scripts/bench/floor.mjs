// The floor: the fastest this machine answers the benchmarked API calls. Plain node:http and
// better-sqlite3 prepared statements, no framework, no ORM, no cache, writing the same JSON as the site
// (the benchmark checks the bodies are equal before it loads either). The site is judged by its ratio to this.
//   FLOOR_DB=<file> FLOOR_PORT=<port> JWT_SECRET=<secret> node scripts/bench/floor.mjs
import http from 'node:http'
import Database from 'better-sqlite3'
import jwt from 'jsonwebtoken'

const db = new Database(process.env.FLOOR_DB, { readonly: true })
db.pragma('busy_timeout = 10000')
const secret = process.env.JWT_SECRET

const date = (text) => new Date(text).toISOString()

// -- paging, as app/lib/paging.ts ----------------------------------------------------------------
function parseListQuery(params, defaultLimit) {
  const positive = (value) =>
    value !== null && /^\s*\d+\s*$/.test(value) && Number(value) >= 1 && Number.isSafeInteger(Number(value))
      ? Number(value)
      : undefined
  const page = positive(params.get('page')) ?? 1
  const search = (params.get('search') ?? '').trim().slice(0, 200)
  const raw = params.get('limit')
  const requestedLimit = raw !== null && /^\s*-?\d+\s*$/.test(raw) ? Math.min(100, Math.max(1, Number(raw))) : undefined
  return { page, search, limit: requestedLimit ?? defaultLimit, requestedLimit }
}
function pageUrl(path, query, page) {
  const params = new URLSearchParams()
  params.set('page', String(page))
  if (query.search) params.set('search', query.search)
  if (query.requestedLimit !== undefined) params.set('limit', String(query.requestedLimit))
  return `${path}?${params}`
}
function linkWindow(current, last) {
  if (last <= 13) return Array.from({ length: last }, (_, i) => i + 1)
  const pages = [1, 2]
  const start = Math.max(3, Math.min(current - 3, last - 9))
  const end = Math.min(last - 2, Math.max(current + 3, 10))
  if (start > 3) pages.push(null)
  for (let page = start; page <= end; page++) pages.push(page)
  if (end < last - 2) pages.push(null)
  pages.push(last - 1, last)
  return pages
}
function paginate(items, total, query, path) {
  const last = Math.max(1, Math.ceil(total / query.limit))
  const current = query.page
  const offset = (current - 1) * query.limit
  const url = (page) => pageUrl(path, query, page)
  return {
    current_page: current,
    data: items,
    first_page_url: url(1),
    from: items.length ? offset + 1 : null,
    last_page: last,
    last_page_url: url(last),
    links: [
      { url: current > 1 ? url(current - 1) : null, label: '&laquo; Previous', active: false },
      ...linkWindow(current, last).map((page) =>
        page === null
          ? { url: null, label: '...', active: false }
          : { url: url(page), label: String(page), active: page === current },
      ),
      { url: current < last ? url(current + 1) : null, label: 'Next &raquo;', active: false },
    ],
    next_page_url: current < last ? url(current + 1) : null,
    path,
    per_page: query.limit,
    prev_page_url: current > 1 ? url(current - 1) : null,
    to: items.length ? offset + items.length : null,
    total,
  }
}

// -- rows ------------------------------------------------------------------------------------------
const POST_COLUMNS =
  `p.id, p.image, p.image_alt, p.title, p.slug, p.content, p.category_id, p.user_id, c.name AS category_name,
  u.name AS user_name, p.status, p.published_at, p.created_at, p.updated_at FROM posts p JOIN categories c ON ` +
  `c.id = p.category_id LEFT JOIN users u ON u.id = p.user_id`
const orNull = (text) => (text === null ? null : date(text))
const post = (r) => ({
  id: r.id,
  image: r.image,
  image_alt: r.image_alt,
  title: r.title,
  slug: r.slug,
  content: r.content,
  category_id: r.category_id,
  user_id: r.user_id,
  category: { id: r.category_id, name: r.category_name },
  user: r.user_id === null ? null : { id: r.user_id, name: r.user_name },
  status: r.status,
  published_at: orNull(r.published_at),
  created_at: date(r.created_at),
  updated_at: date(r.updated_at),
})
const product = (r) => ({
  ...r,
  ...('published_at' in r ? { published_at: orNull(r.published_at) } : {}),
  created_at: date(r.created_at),
  updated_at: date(r.updated_at),
})
const withDates = product

// What the public may see of posts and products (app/models/content/publishing.server.ts), newest publish time first. The
// stored times are ISO text ending `+00:00`; now as `...Z` compares the same way.
const visible = (t) => `${t}status = 'published' AND ${t}published_at <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`
const newest = (t) => `ORDER BY ${t}published_at DESC, ${t}id DESC`
const PRODUCT_COLUMNS =
  'id, image, image_alt, title, slug, content, owner, price, phone, address, latitude, longitude, user_id, status, ' +
  'published_at, created_at, updated_at FROM products'

// Search is a LIKE on the list's columns; the site and the floor both leave `%` and `_` out of the benchmark.
const like = (columns) => columns.map((c) => `${c} LIKE ?`).join(' OR ')
const statements = {
  postsPage: db.prepare(`SELECT ${POST_COLUMNS} WHERE ${visible('p.')} ${newest('p.')} LIMIT ? OFFSET ?`),
  postsCount: db.prepare(`SELECT count(*) AS n FROM posts WHERE ${visible('')}`),
  postsSearch: db.prepare(
    `SELECT ${POST_COLUMNS} WHERE (${like(['p.title'])}) AND ${visible('p.')} ${newest('p.')} LIMIT ? OFFSET ?`,
  ),
  postsSearchCount: db.prepare(`SELECT count(*) AS n FROM posts WHERE (${like(['title'])}) AND ${visible('')}`),
  postBySlug: db.prepare(`SELECT ${POST_COLUMNS} WHERE p.slug = ? AND ${visible('p.')}`),
  productsPage: db.prepare(`SELECT ${PRODUCT_COLUMNS} WHERE ${visible('')} ${newest('')} LIMIT ? OFFSET ?`),
  productsCount: db.prepare(`SELECT count(*) AS n FROM products WHERE ${visible('')}`),
  productsSearch: db.prepare(
    `SELECT ${PRODUCT_COLUMNS} WHERE (${like(['title', 'owner'])}) AND ${visible('')} ${newest('')} LIMIT ? OFFSET ?`,
  ),
  productsSearchCount: db.prepare(
    `SELECT count(*) AS n FROM products WHERE (${like(['title', 'owner'])}) AND ${visible('')}`,
  ),
  productsHome: db.prepare(`SELECT ${PRODUCT_COLUMNS} WHERE ${visible('')} ${newest('')} LIMIT 6`),
  postsHome: db.prepare(`SELECT ${POST_COLUMNS} WHERE ${visible('p.')} ${newest('p.')} LIMIT 6`),
  sliders: db.prepare('SELECT id, image, image_alt, description, created_at, updated_at FROM sliders ORDER BY id DESC'),
  aparatursHome: db.prepare(
    'SELECT id, image, image_alt, name, position, description, created_at, updated_at FROM aparaturs ORDER BY id ' +
      'DESC LIMIT 6',
  ),
  session: db.prepare('SELECT user_id, expires_at FROM sessions WHERE id = ?'),
  sessionUser: db.prepare('SELECT id FROM users WHERE id = ?'),
  permission: db.prepare(`SELECT 1 FROM user_has_roles ur JOIN role_has_permissions rp ON rp.role_id = ur.role_id
    JOIN permissions pe ON pe.id = rp.permission_id WHERE ur.user_id = ? AND pe.name = ?`),
}

function postsList(url, defaultLimit) {
  const query = parseListQuery(url.searchParams, defaultLimit)
  const offset = (query.page - 1) * query.limit
  if (!query.search)
    return paginate(
      statements.postsPage.all(query.limit, offset).map(post),
      statements.postsCount.get().n,
      query,
      url.pathname,
    )
  const term = `%${query.search}%`
  return paginate(
    statements.postsSearch.all(term, query.limit, offset).map(post),
    statements.postsSearchCount.get(term).n,
    query,
    url.pathname,
  )
}
function productsList(url) {
  const query = parseListQuery(url.searchParams, 9)
  const offset = (query.page - 1) * query.limit
  if (!query.search)
    return paginate(
      statements.productsPage.all(query.limit, offset).map(product),
      statements.productsCount.get().n,
      query,
      url.pathname,
    )
  const term = `%${query.search}%`
  return paginate(
    statements.productsSearch.all(term, term, query.limit, offset).map(product),
    statements.productsSearchCount.get(term, term).n,
    query,
    url.pathname,
  )
}

/**
 * The site's checks for an admin read: a valid signature, the token's session row (logout deletes it), the user, the
 * permission.
 */
function allowed(request, permission) {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')
  if (!match) return 401
  let claims
  try {
    claims = jwt.verify(match[1], secret, { algorithms: ['HS256'], issuer: 'balai-desa' })
  } catch {
    return 401
  }
  const session = statements.session.get(String(claims.jti))
  if (
    !session ||
    session.user_id !== Number(claims.sub) ||
    Date.parse(session.expires_at) <= Date.now() ||
    !statements.sessionUser.get(Number(claims.sub))
  )
    return 401
  return statements.permission.get(Number(claims.sub), permission) ? 200 : 403
}

const send = (response, status, body) => {
  const text = JSON.stringify(body)
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  })
  response.end(text)
}
const ok = (response, message, data) => send(response, 200, { success: true, message, data })

const server = http.createServer((request, response) => {
  const url = new URL(request.url, 'http://floor')
  const path = url.pathname
  if (path === '/api/public/posts') return ok(response, 'List Data Posts', postsList(url, 9))
  if (path === '/api/public/posts_home') return ok(response, 'List Data Posts', statements.postsHome.all().map(post))
  if (path === '/api/public/products') return ok(response, 'List Data Products', productsList(url))
  if (path.startsWith('/api/public/posts/')) {
    const row = statements.postBySlug.get(decodeURIComponent(path.slice('/api/public/posts/'.length)))
    return row
      ? ok(response, 'Detail Data Post', post(row))
      : send(response, 404, { success: false, message: 'Post not found', errors: null })
  }
  if (path === '/api/admin/posts') {
    const status = allowed(request, 'posts-index')
    if (status !== 200)
      return send(response, status, {
        success: false,
        message: status === 401 ? 'Unauthenticated' : 'Forbidden',
        errors: null,
      })
    return ok(response, 'List Data Posts', postsList(url, 10))
  }
  // The data of the home page in one answer: what the server-rendered `/` is compared with.
  if (path === '/floor/home') {
    return ok(response, 'Home', {
      sliders: statements.sliders.all().map(withDates),
      products: statements.productsHome.all().map(product),
      posts: statements.postsHome.all().map(post),
      aparaturs: statements.aparatursHome.all().map(withDates),
    })
  }
  send(response, 404, { success: false, message: 'Not found', errors: null })
})
server.keepAliveTimeout = 65_000
server.listen(Number(process.env.FLOOR_PORT), '127.0.0.1', () =>
  console.log(`floor listening on ${server.address().port}`),
)
process.on('SIGTERM', () => server.close(() => process.exit(0)))
