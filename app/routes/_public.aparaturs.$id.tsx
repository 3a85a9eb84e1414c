import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { BackLink } from '~/components/shared/back-link'
import { PersonIcon } from '~/components/shared/cards'
import { ItemImage } from '~/components/shared/upload-image'
import { htmlToText } from '~/lib/format'
import { personLd } from '~/lib/json-ld'
import { describe, routeSeo } from '~/lib/seo'
import { uploadUrl } from '~/lib/upload-urls'
import { aparaturLoader } from '~/doors/content/public-pages.server'
import { noQuery } from '~/lib/cache-keys'
import { HeadedSection } from '~/components/shared/headed-section'

export const loader = aparaturLoader

export const handle = { cacheKey: noQuery }

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (data, site) => ({
    title: data.aparatur.name || 'Nama Aparatur',
    description: describe(data.aparatur.description, `${data.aparatur.name}, ${data.aparatur.position} ${site.name}.`),
    image: uploadUrl('aparaturs', data.aparatur.image),
    imageAlt: data.aparatur.image_alt || undefined,
    type: 'profile',
    jsonLd: personLd(site, data.aparatur),
  }))

export default function AparaturScreen() {
  const { aparatur } = useLoaderData<typeof loader>()
  const name = aparatur.name || 'Nama Aparatur'
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <BackLink fallback="/aparaturs">Kembali ke Aparaturs</BackLink>
      <article className="mt-6 overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm">
        <header
          className={
            'flex flex-col items-center gap-4 bg-gradient-to-b from-emerald-50 to-white px-6 pb-6 pt-10 ' +
            'text-center'
          }
        >
          {aparatur.image ? (
            <ItemImage
              kind="aparaturs"
              item={aparatur}
              label={name}
              eager
              sizes="160px"
              className="h-40 w-40 rounded-full border-4 border-white shadow"
            />
          ) : (
            <PersonIcon className="h-40 w-40 border-4 border-white shadow" />
          )}
          <div>
            <h1 className="text-2xl font-bold text-gray-900 md:text-3xl">{name}</h1>
            <p className="mt-1 font-medium text-emerald-700">{aparatur.position || 'Jabatan Aparatur'}</p>
          </div>
        </header>
        <HeadedSection id="profil" title="Profil Singkat" className="border-t border-gray-100 px-6 py-8">
          {htmlToText(aparatur.description) ? (
            <div className="rich-text mt-3 text-gray-800" dangerouslySetInnerHTML={{ __html: aparatur.description }} />
          ) : (
            <p className="mt-3 text-gray-500">Profil belum tersedia.</p>
          )}
        </HeadedSection>
      </article>
    </div>
  )
}
