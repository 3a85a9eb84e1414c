import { afterAll } from 'vitest'
import { adminToken, api, unique } from '../support/api'
import { form, jpeg, newCategory } from '../support/content'

type Created = { kind: string; id: number }

/**
 * Content made through the real API for one test file, deleted again when the file is done.
 * Every title carries a unique tag, so a search for the tag finds exactly these items.
 */
export function useContent() {
  const created: Created[] = []
  const tag = unique('zq')
  afterAll(async () => {
    const token = await adminToken()
    for (const item of created.reverse()) await api('DELETE', `/api/admin/${item.kind}/${item.id}`, { token })
  })

  async function create<T = any>(kind: string, body: { json?: unknown; form?: FormData }): Promise<T> {
    const result = await api('POST', `/api/admin/${kind}`, { token: await adminToken(), ...body })
    if (result.status !== 201) throw new Error(`create ${kind}: ${result.status} ${result.text}`)
    created.push({ kind, id: result.body.data.id })
    return result.body.data
  }

  let category: Promise<{ id: number; name: string }> | undefined
  const picture = () => jpeg(320, 240)

  return {
    tag,
    page: (title: string, content: string) => create('pages', { json: { title, content } }),
    product: async (
      fields: { title: string; price: number; owner?: string; phone?: string; address?: string; content?: string },
      withImage = true,
    ) =>
      create('products', {
        form: form(
          {
            owner: 'Penjual Uji',
            phone: '081299990000',
            address: 'Dusun Uji RT 01',
            content: '<p>Produk uji.</p>',
            ...fields,
          },
          withImage ? await picture() : undefined,
        ),
      }),
    aparatur: async (fields: { name: string; position: string; description?: string }, withImage = true) =>
      create('aparaturs', { form: form({ description: '', ...fields }, withImage ? await picture() : undefined) }),
    photo: async (caption: string, description: string) =>
      create('photos', { form: form({ caption, description }, await picture()) }),
    post: async (fields: { title: string; content: string }, withImage = true) => {
      category ??= newCategory().then((made) => {
        created.unshift({ kind: 'categories', id: made.id })
        return made
      })
      const { id } = await category
      return create('posts', { form: form({ ...fields, category_id: id }, withImage ? await picture() : undefined) })
    },
  }
}

type Waitable = {
  waitFor(options?: { state?: 'visible' | 'attached' | 'detached' | 'hidden'; timeout?: number }): Promise<void>
}

/** Waits (up to 10 s) until the locator is visible; fails the test otherwise. */
export async function shown(locator: Waitable) {
  await locator.waitFor({ state: 'visible', timeout: 10_000 })
}

/** Waits until the document title is `title` (client navigations set it just after the address changes). */
export async function titled(
  page: {
    waitForFunction: (fn: (t: string) => boolean, arg: string, options?: { timeout?: number }) => Promise<unknown>
    title(): Promise<string>
  },
  title: string,
) {
  await page
    .waitForFunction((expected) => document.title === expected, title, { timeout: 10_000 })
    .catch(() => undefined)
  const actual = await page.title()
  if (actual !== title) throw new Error(`title: expected "${title}", got "${actual}"`)
}
