import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { adminToken, api, unique } from '../support/api'
import { useBrowser, type WatchedPage } from '../support/browser'
import { form, jpeg, newCategory } from '../support/content'
import { ALL_XSS_PAYLOADS, MARKER_PAYLOADS } from '../support/xss-payloads'
import { PNG, toast, typeRichText } from './admin-support'

/**
 * Every payload of the corpus goes into the site through the API (titles, names, captions, rich text)
 * and a few through the real admin forms (Quill included); then every public screen that shows them is
 * opened in Chromium. Nothing may run: no alert/confirm/prompt dialog, no `window.__xss` marker, and no
 * inline script even reaching the CSP (the sanitiser, not only the policy, must have stopped it).
 */
const { newPage, loggedInPage } = useBrowser()
// Each test opens dozens of screens; on a loaded machine that takes more than the default minute.
vi.setConfig({ testTimeout: 180_000 })
const tag = unique('xq')
const made: { kind: string; id: number }[] = []
const records: Record<'posts' | 'pages' | 'products' | 'aparaturs', { id: number; slug?: string }[]> = {
  posts: [],
  pages: [],
  products: [],
  aparaturs: [],
}
let categoryId: number

type Guarded = WatchedPage & { dialogs: string[] }

function guard(page: WatchedPage): Guarded {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`)
    void dialog.dismiss().catch(() => undefined)
  })
  return Object.assign(page, { dialogs })
}

/** Opens `path`, lets late handlers (image errors, animations, autofocus) fire, and checks nothing ran. */
async function expectNothingRuns(page: Guarded, path: string) {
  const response = await page.goto(path)
  expect(response?.status(), path).toBeLessThan(500)
  await page.waitForLoadState('load')
  await page.waitForTimeout(250)
  await assertClean(page, path)
}

/**
 * `parsedPaste`: Quill reads pasted HTML with DOMParser, and Chromium reports every inline handler in such a
 * parsed (never rendered, never run) document as a CSP violation; there only the marker and dialogs count.
 */
async function assertClean(page: Guarded, label: string, options: { parsedPaste?: boolean } = {}) {
  expect(
    await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss),
    `${label}: marker`,
  ).toBeUndefined()
  expect(page.dialogs, `${label}: dialogs`).toEqual([])
  if (options.parsedPaste) return
  expect(
    (await page.settled()).filter((error) => /Content Security Policy|Refused to (execute|load|apply)/i.test(error)),
    `${label}: CSP`,
  ).toEqual([])
}

/** Payloads spread over the plain-text fields of every kind; rich text carries the whole corpus. */
const richText = `<p>aman ${tag}</p>${ALL_XSS_PAYLOADS.join('\n')}`

async function create(kind: string, body: { json?: unknown; form?: FormData }) {
  const result = await api('POST', `/api/admin/${kind}`, { token: await adminToken(), ...body })
  if (result.status !== 201) throw new Error(`${kind}: ${result.status} ${result.text}`)
  made.push({ kind, id: result.body.data.id })
  return result.body.data
}

beforeAll(async () => {
  const category = await newCategory()
  categoryId = category.id
  const picture = await jpeg(64, 48)
  // Sliders show on everybody's home page: they are made (two of them) only while the home page is checked.
  const kinds = ['posts', 'pages', 'products', 'aparaturs', 'photos', 'categories'] as const
  const jobs = ALL_XSS_PAYLOADS.map(async (payload, i) => {
    const text = `${payload} ${tag}`
    switch (kinds[i % kinds.length]) {
      case 'posts':
        records.posts.push(
          await create('posts', {
            form: form({ title: text, content: richText, category_id: categoryId }, i % 2 ? picture : undefined),
          }),
        )
        break
      case 'pages':
        records.pages.push(await create('pages', { json: { title: text, content: richText } }))
        break
      case 'products':
        records.products.push(
          await create('products', {
            form: form(
              {
                title: text,
                content: richText,
                owner: payload,
                price: 1000 + i,
                phone: '081200000000',
                address: payload,
              },
              i % 2 ? picture : undefined,
            ),
          }),
        )
        break
      case 'aparaturs':
        records.aparaturs.push(
          await create('aparaturs', {
            form: form({ name: text, position: payload, description: richText }, i % 2 ? picture : undefined),
          }),
        )
        break
      case 'photos':
        await create('photos', { form: form({ caption: text, description: payload }, picture) })
        break
      case 'categories': {
        // A category name shows as the badge of a post.
        const named = await create('categories', { json: { name: text } })
        records.posts.push(
          await create('posts', {
            form: form({ title: `Kategori ${tag} ${i}`, content: '<p>isi</p>', category_id: named.id }),
          }),
        )
        break
      }
    }
  })
  await Promise.all(jobs)
}, 120_000)

afterAll(async () => {
  const token = await adminToken()
  const order = ['posts', 'categories', 'pages', 'products', 'aparaturs', 'photos']
  for (const kind of order)
    for (const item of made.filter((entry) => entry.kind === kind))
      await api('DELETE', `/api/admin/${kind}/${item.id}`, { token })
})

describe('the guard itself', () => {
  it('notices a dialog and the marker when a script does run', async () => {
    const page = guard(await newPage())
    await expectNothingRuns(page, '/privacy')
    await page.evaluate(() => {
      ;(window as unknown as { __xss: number }).__xss = 1
      setTimeout(() => alert('xss'), 0)
    })
    await page.waitForTimeout(200)
    expect(page.dialogs).toEqual(['alert: xss'])
    await expect(assertClean(page, 'deliberate')).rejects.toThrow(/marker/)
  })
})

describe('payloads stored through the API run nowhere', () => {
  it('uses at least 50 payloads, each stored somewhere', () => {
    expect(ALL_XSS_PAYLOADS.length).toBeGreaterThanOrEqual(50)
    expect(made.length).toBeGreaterThanOrEqual(ALL_XSS_PAYLOADS.length)
  })

  it('on the home page, with slider descriptions, and every public list, every page of results', async () => {
    const page = guard(await newPage())
    const token = await adminToken()
    const picture = await jpeg(64, 48)
    const sliders = [MARKER_PAYLOADS[0], MARKER_PAYLOADS[3]].map((payload) =>
      api('POST', '/api/admin/sliders', { token, form: form({ description: `${payload} ${tag}` }, picture) }),
    )
    const slides = await Promise.all(sliders)
    try {
      for (const slide of slides) expect(slide.status).toBe(201)
      await expectNothingRuns(page, '/')
      expect(await page.content()).toContain(tag)
    } finally {
      for (const slide of slides)
        if (slide.status === 201) await api('DELETE', `/api/admin/sliders/${slide.body.data.id}`, { token })
    }
    for (const list of ['/posts', '/berita', '/pages', '/products', '/aparaturs', '/photos']) {
      for (let number = 1; number <= 3; number++) {
        await expectNothingRuns(page, `${list}?search=${encodeURIComponent(tag)}${number > 1 ? `&page=${number}` : ''}`)
      }
    }
  })

  it('in the gallery viewer, opened on every photo', async () => {
    const page = guard(await newPage())
    await expectNothingRuns(page, `/photos?search=${encodeURIComponent(tag)}`)
    const tiles = page.getByRole('main').getByRole('button', { name: new RegExp(tag) })
    const count = await tiles.count()
    expect(count).toBeGreaterThan(0)
    await tiles.first().click()
    const viewer = page.getByRole('dialog')
    await viewer.waitFor()
    for (let i = 0; i < count; i++) {
      await page.waitForTimeout(100)
      await assertClean(page, `viewer photo ${i + 1}`)
      await page.keyboard.press('ArrowRight')
    }
  })

  it('on every post and page detail', async () => {
    const page = guard(await newPage())
    for (const post of records.posts) await expectNothingRuns(page, `/posts/${post.slug}`)
    for (const item of records.pages) await expectNothingRuns(page, `/pages/${item.slug}`)
    // The rich text arrived, minus the dangerous parts.
    await page.goto(`/posts/${records.posts[0].slug}`)
    await page.getByText(`aman ${tag}`).first().waitFor()
  })

  it('on every product (both tabs) and official detail', async () => {
    const page = guard(await newPage())
    for (const product of records.products) {
      await expectNothingRuns(page, `/products/${product.slug}`)
      await page.getByRole('tab', { name: 'Info Penjual' }).click()
      await page.waitForTimeout(100)
      await assertClean(page, `/products/${product.slug} seller tab`)
    }
    for (const person of records.aparaturs) await expectNothingRuns(page, `/aparaturs/${person.id}`)
  })

  it('in a search term reflected back by the lists and the header search', async () => {
    const page = guard(await newPage())
    for (const payload of MARKER_PAYLOADS.slice(0, 7)) {
      for (const list of ['/posts', '/products', '/photos', '/pages', '/aparaturs'])
        await expectNothingRuns(page, `${list}?search=${encodeURIComponent(payload)}`)
    }
    await page.goto('/')
    const search = page.getByRole('banner').getByRole('searchbox', { name: 'Cari informasi' })
    await search.fill(MARKER_PAYLOADS[1])
    await search.press('Enter')
    await page.waitForURL((url) => url.pathname === '/posts')
    await page.waitForTimeout(250)
    await assertClean(page, 'header search')
  })

  it('in the back office lists that show them', async () => {
    const page = guard(await loggedInPage())
    for (const kind of ['posts', 'pages', 'products', 'aparaturs', 'photos', 'categories']) {
      await expectNothingRuns(page, `/admin/${kind}?search=${encodeURIComponent(tag)}`)
    }
    await expectNothingRuns(page, `/admin/posts/edit/${records.posts[0].id}`)
    await page.locator('[data-ready="true"]').waitFor()
    await assertClean(page, 'post editor loaded with the payloads')
  })
})

/** Pastes HTML into a Quill editor as the clipboard would deliver it. */
async function pasteHtml(page: Page, label: string, html: string) {
  const editor = page.getByRole('textbox', { name: label })
  await editor.click()
  await editor.evaluate((element, source) => {
    const data = new DataTransfer()
    data.setData('text/html', source)
    data.setData('text/plain', 'tempel')
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  }, html)
}

/** What a hostile editor can do past Quill: rewrite the hidden field the form really sends. */
async function forgeHiddenField(page: Page, name: string, html: string) {
  await page.evaluate(
    ([field, value]) => {
      const input = document.querySelector<HTMLInputElement>(`input[type="hidden"][name="${field}"]`)
      if (!input) throw new Error(`no hidden ${field}`)
      input.value = value
    },
    [name, html] as const,
  )
}

describe('payloads entered through the admin forms run nowhere', () => {
  const formTag = unique('xf')
  const payload = (i: number) => MARKER_PAYLOADS[i % MARKER_PAYLOADS.length]

  afterAll(async () => {
    const token = await adminToken()
    for (const kind of ['posts', 'pages', 'products', 'aparaturs', 'photos']) {
      const found = await api('GET', `/api/admin/${kind}?search=${encodeURIComponent(formTag)}&limit=100`, { token })
      for (const row of found.body.data?.data ?? []) await api('DELETE', `/api/admin/${kind}/${row.id}`, { token })
    }
  })

  async function findOne(kind: string) {
    const found = await api('GET', `/api/admin/${kind}?search=${encodeURIComponent(formTag)}`, {
      token: await adminToken(),
    })
    expect(found.body.data.data.length, kind).toBeGreaterThan(0)
    return found.body.data.data[0]
  }

  it('a post: payload title, pasted HTML in Quill, then a forged content field', async () => {
    const page = guard(await loggedInPage())
    await page.goto('/admin/posts/create')
    await page.getByLabel('Image', { exact: true }).setInputFiles(PNG)
    await page.getByLabel('Category', { exact: true }).selectOption(String(categoryId))
    await page.getByLabel('Title', { exact: true }).fill(`${payload(0)} ${formTag}`)
    await typeRichText(page, 'Content', 'Isi berita ')
    await pasteHtml(page, 'Content', `<p>tempel ${formTag}</p>${MARKER_PAYLOADS.join('')}<img src=x onerror=alert(1)>`)
    await assertClean(page, 'post form after paste', { parsedPaste: true })
    await page.getByRole('button', { name: 'Save' }).click()
    await toast(page, 'Post created successfully!')
    const post = await findOne('posts')
    const guest = guard(await newPage())
    await expectNothingRuns(guest, `/posts/${post.slug}`)
    await guest.getByText(`tempel ${formTag}`).waitFor()

    await page.goto(`/admin/posts/edit/${post.id}`)
    await page.locator('[data-ready="true"]').waitFor()
    await typeRichText(page, 'Content', 'Isi baru')
    await forgeHiddenField(page, 'content', `<p>palsu ${formTag}</p>${ALL_XSS_PAYLOADS.join('')}`)
    await page.getByRole('button', { name: 'Update' }).click()
    await toast(page, 'Post updated successfully!')
    await expectNothingRuns(guest, `/posts/${post.slug}`)
    await guest.getByText(`palsu ${formTag}`).waitFor()
    await expectNothingRuns(guest, `/posts?search=${encodeURIComponent(formTag)}`)
    await assertClean(page, 'admin after update', { parsedPaste: true })
  })

  it('a page, a product and an official, with payloads in every text field', async () => {
    const page = guard(await loggedInPage())
    await page.goto('/admin/pages/create')
    await page.getByLabel('Title', { exact: true }).fill(`${payload(1)} ${formTag}`)
    await typeRichText(page, 'Content', 'Isi halaman')
    await forgeHiddenField(page, 'content', `<p>halaman ${formTag}</p>${ALL_XSS_PAYLOADS.join('')}`)
    await page.getByRole('button', { name: 'Save' }).click()
    await toast(page, 'Page created successfully!')

    await page.goto('/admin/products/create')
    await page.getByLabel('Title', { exact: true }).fill(`${payload(2)} ${formTag}`)
    await pasteHtml(page, 'Content', `<p>produk ${formTag}</p>${MARKER_PAYLOADS.join('')}`)
    await page.getByLabel('Price', { exact: true }).fill('15000')
    await page.getByLabel('Owner', { exact: true }).fill(payload(3))
    await page.getByLabel('Phone', { exact: true }).fill('081234567890')
    await page.getByLabel('Address', { exact: true }).fill(payload(4))
    await page.getByRole('button', { name: 'Save' }).click()
    await toast(page, 'Product created successfully!')

    await page.goto('/admin/aparaturs/create')
    await page.getByLabel('Name', { exact: true }).fill(`${payload(5)} ${formTag}`)
    await page.getByLabel('Position', { exact: true }).fill(payload(6))
    await pasteHtml(page, 'Description', `<p>profil ${formTag}</p>${MARKER_PAYLOADS.join('')}`)
    await page.getByRole('button', { name: 'Save' }).click()
    await toast(page, 'Aparatur created successfully!')
    await assertClean(page, 'admin forms', { parsedPaste: true })

    const guest = guard(await newPage())
    const [villagePage, product, person] = await Promise.all([
      findOne('pages'),
      findOne('products'),
      findOne('aparaturs'),
    ])
    await expectNothingRuns(guest, `/pages/${villagePage.slug}`)
    await guest.getByText(`halaman ${formTag}`).waitFor()
    await expectNothingRuns(guest, `/products/${product.slug}`)
    await guest.getByText(`produk ${formTag}`).waitFor()
    await guest.getByRole('tab', { name: 'Info Penjual' }).click()
    await guest.getByText(payload(3), { exact: true }).waitFor()
    await assertClean(guest, 'seller tab')
    await expectNothingRuns(guest, `/aparaturs/${person.id}`)
    await guest.getByText(`profil ${formTag}`).waitFor()
    for (const list of ['/pages', '/products', '/aparaturs', '/'])
      await expectNothingRuns(guest, `${list}?search=${encodeURIComponent(formTag)}`)
  })

  it('a photo caption and description typed into the upload form', async () => {
    const page = guard(await loggedInPage())
    await page.goto('/admin/photos')
    await page.getByLabel('Image', { exact: true }).setInputFiles(PNG)
    await page.getByLabel('Caption', { exact: true }).fill(`${payload(7)} ${formTag}`)
    await page.getByLabel('Description', { exact: true }).fill(payload(8))
    await page.getByRole('button', { name: 'Upload' }).click()
    await toast(page, 'Photo uploaded successfully!')
    await assertClean(page, 'admin photos after upload')
    const guest = guard(await newPage())
    await expectNothingRuns(guest, `/photos?search=${encodeURIComponent(formTag)}`)
    await guest
      .getByRole('main')
      .getByRole('button', { name: new RegExp(formTag) })
      .first()
      .click()
    await guest.getByRole('dialog').waitFor()
    await guest.waitForTimeout(200)
    await assertClean(guest, 'viewer')
  })
})
