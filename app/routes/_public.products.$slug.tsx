import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { SmallMap } from '~/components/village-info/small-map'
import { DetailTop } from '~/components/shared/detail-top'
import { Tabs } from '~/components/content/product-tabs'
import { ItemImage } from '~/components/shared/upload-image'
import { formatRupiah, whatsappLink } from '~/lib/format'
import { productLd } from '~/lib/json-ld'
import { itemMeta } from '~/lib/seo'
import { productLoader } from '~/doors/content/public-pages.server'
import { noQuery } from '~/lib/cache-keys'

export const loader = productLoader

export const handle = { cacheKey: noQuery }

export { keepLoaderHeaders as headers } from '~/doors/site/public.server'

export const meta: MetaFunction<typeof loader> = itemMeta('products', 'product', 'product', productLd)

export default function ProductScreen() {
  const { product, smallMap, preview } = useLoaderData<typeof loader>()
  const details = <div className="rich-text text-gray-800" dangerouslySetInnerHTML={{ __html: product.content }} />
  const seller = (
    <dl className="grid gap-4 sm:grid-cols-[auto_1fr] sm:gap-x-6">
      <dt className="text-sm font-medium text-gray-500">Nama Penjual</dt>
      <dd className="font-semibold text-gray-900">{product.owner}</dd>
      <dt className="text-sm font-medium text-gray-500">Telepon</dt>
      <dd>
        <a
          href={`tel:${product.phone.replace(/[^\d+]/g, '')}`}
          className="font-semibold text-emerald-800 underline underline-offset-2"
        >
          {product.phone}
        </a>
      </dd>
      <dt className="text-sm font-medium text-gray-500">Alamat</dt>
      <dd className="text-gray-800">{product.address}</dd>
      {smallMap ? (
        <dd className="sm:col-span-2">
          <SmallMap map={smallMap} label={product.title} />
        </dd>
      ) : null}
    </dl>
  )
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <DetailTop resource="products" preview={preview} item={product} />
      <article className="mt-6 grid gap-8 md:grid-cols-2">
        <ItemImage
          kind="products"
          item={product}
          label={product.title}
          eager
          className="aspect-square w-full rounded-2xl"
        />
        <div>
          <h1 className="text-3xl font-bold leading-tight text-gray-900">{product.title}</h1>
          <p className="mt-3 text-3xl font-bold text-emerald-700">{formatRupiah(product.price)}</p>
          <a
            href={whatsappLink(product.phone, product.title)}
            target="_blank"
            rel="noopener noreferrer"
            className={
              'mt-6 inline-flex items-center gap-2 rounded-lg bg-green-700 px-5 py-3 font-semibold text-white ' +
              'hover:bg-green-800'
            }
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
              <path
                d={
                  'M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm5.3 14.1c-.2.6-1.3 1.2-1.8 1.2-.5.1-1 ' +
                  '.2-3.3-.7-2.8-1.1-4.5-4-4.7-4.2-.1-.2-1.1-1.5-1.1-2.8 0-1.3.7-2 1-2.3.2-.3.5-.3.7-.3h.5c.2 0 .4 0 ' +
                  '.6.5l.8 2c.1.2.1.4 0 .5l-.3.5-.4.4c-.1.2-.3.3-.1.6.2.3.8 1.3 1.7 2.1 1.2 1 2.1 1.4 2.4 ' +
                  '1.5.3.2.5.1.6-.1l.9-1c.2-.3.4-.2.6-.1l1.9.9c.3.1.5.2.5.3.1.2.1.7-.1 1.3Z'
                }
              />
            </svg>
            Hubungi via WhatsApp
            <span className="sr-only">(membuka tab baru)</span>
          </a>
          <div className="mt-8">
            <Tabs
              label="Informasi produk"
              tabs={[
                { id: 'detail', label: 'Detail Produk', panel: details },
                { id: 'penjual', label: 'Info Penjual', panel: seller },
              ]}
            />
          </div>
        </div>
      </article>
    </div>
  )
}
