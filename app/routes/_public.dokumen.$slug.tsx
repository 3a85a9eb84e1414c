import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import type { ReactNode } from 'react'
import { Link, useLoaderData } from '@remix-run/react'
import { BackLink } from '~/components/shared/back-link'
import { Fact } from '~/components/shared/facts'
import { documentLoader } from '~/doors/village-info/public-information.server'
import { documentDownloadPath, legalStatusLabel } from '~/lib/documents'
import { formatDate } from '~/lib/format'
import { absoluteUrl, describe, routeSeo } from '~/lib/seo'
import { noQuery } from '~/lib/cache-keys'

export const loader = (args: LoaderFunctionArgs) => documentLoader(args)

export const handle = { cacheKey: noQuery }

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (data, site) => ({
    title: data.document.title,
    description: describe(data.document.description, `${data.document.kind_label} ${site.name}`),
    type: 'article',
    jsonLd: {
      '@type': 'DigitalDocument',
      name: data.document.title,
      ...(data.document.number ? { identifier: data.document.number } : {}),
      ...(data.document.enacted_at ? { datePublished: data.document.enacted_at } : {}),
      encodingFormat: 'application/pdf',
      url: absoluteUrl(site.url, `/dokumen/${data.document.slug}`),
      publisher: { '@type': 'GovernmentOrganization', name: site.name },
    },
  }))

/** A fact of the document's header, its term in bold. */
function HeadFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Fact label={label} termClass="font-medium text-gray-900">
      {children}
    </Fact>
  )
}

/** A document this one is amended or revoked by, or amends or revokes: linked to its page. */
function LinkedFact({ label, other }: { label: string; other: { slug: string; title: string } }) {
  return (
    <HeadFact label={label}>
      <Link to={`/dokumen/${other.slug}`} className="text-emerald-800 underline">
        {other.title}
      </Link>
    </HeadFact>
  )
}

export default function DocumentScreen() {
  const { document, preview, links } = useLoaderData<typeof loader>()
  const status = (document as { legal_status?: string }).legal_status ?? 'berlaku'
  return (
    <article className="mx-auto max-w-4xl px-4 py-10">
      <BackLink fallback="/dokumen">Kembali ke Dokumen</BackLink>
      <header className="mt-6">
        <p className="text-sm font-semibold text-emerald-800">{document.kind_label}</p>
        <h1 className="mt-2 text-2xl font-bold leading-tight text-gray-900 md:text-3xl">{document.title}</h1>
        <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 text-sm text-gray-700 sm:grid-cols-2">
          {document.number ? <HeadFact label="Nomor">{document.number}</HeadFact> : null}
          <HeadFact label="Klasifikasi">{document.class_label}</HeadFact>
          {document.enacted_at ? (
            <HeadFact label="Tanggal Ditetapkan">{formatDate(document.enacted_at)}</HeadFact>
          ) : null}
          <HeadFact label="Ukuran Berkas">PDF, {document.size}</HeadFact>
          <HeadFact label="Status">{legalStatusLabel(status)}</HeadFact>
          {links.replacement && status !== 'berlaku' ? (
            <LinkedFact label={status === 'dicabut' ? 'Dicabut dengan' : 'Diubah dengan'} other={links.replacement} />
          ) : null}
          {links.replaces.map((other) => (
            <LinkedFact
              key={other.slug}
              label={other.legal_status === 'dicabut' ? 'Mencabut' : 'Mengubah'}
              other={other}
            />
          ))}
        </dl>
        <a
          href={documentDownloadPath(document.slug)}
          className={
            'mt-6 inline-flex items-center justify-center rounded-lg bg-emerald-700 px-5 py-2.5 font-semibold ' +
            'text-white hover:bg-emerald-800'
          }
        >
          Unduh
        </a>
      </header>
      {document.description ? (
        <div className="rich-text mt-8 text-gray-800" dangerouslySetInnerHTML={{ __html: document.description }} />
      ) : null}
      {preview ? (
        <figure className="mt-8">
          <img
            src={`/dokumen/${encodeURIComponent(document.slug)}/pratinjau.png`}
            alt={`Halaman pertama ${document.title}`}
            loading="lazy"
            className="w-full max-w-xl rounded-lg border border-gray-200 shadow-sm"
          />
          <figcaption className="mt-2 text-sm text-gray-600">Pratinjau halaman pertama</figcaption>
        </figure>
      ) : null}
    </article>
  )
}
