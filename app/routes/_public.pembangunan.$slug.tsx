import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { SmallMap } from '~/components/village-info/small-map'
import { DevelopmentDetail } from '~/components/village-info/development-view'
import { developmentLoader, keepLoaderHeaders } from '~/doors/village-info/transparency.server'
import { describe, routeSeo } from '~/lib/seo'
import { developmentLd } from '~/lib/transparency-ld'
import { uploadUrl } from '~/lib/upload-urls'
import styles from '~/styles/transparansi.css?url'
import { noQuery } from '~/lib/cache-keys'

/** /pembangunan/{slug}: a published project with its progress photos (staff who may edit it see a draft too). */
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: styles }]

export const loader = (args: LoaderFunctionArgs) => developmentLoader(args)

export const handle = { cacheKey: noQuery }

export const headers = keepLoaderHeaders

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (data, site) => ({
    title: data.project.title,
    description: describe(data.project.description, `${data.project.title}, ${data.project.location}`),
    image: uploadUrl('developments', data.project.image),
    imageAlt: data.project.image_alt || undefined,
    jsonLd: developmentLd(site, data.project),
    noindex: !!data.preview,
  }))

export default function DevelopmentScreen() {
  const { project, smallMap, preview } = useLoaderData<typeof loader>()
  return (
    <>
      <DevelopmentDetail project={project} preview={preview} />
      {smallMap ? (
        <div className="mx-auto max-w-4xl px-4 pb-10">
          <SmallMap map={smallMap} label={project.title} />
        </div>
      ) : null}
    </>
  )
}
