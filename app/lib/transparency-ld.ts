import { absoluteUrl, describe, type JsonLd } from '~/lib/seo'
import type { Site } from '~/lib/site'
import { uploadUrl } from '~/lib/upload-urls'

/** The JSON-LD of the budget and development screens (the village itself: villageLd in seo.ts). */

const village = (site: Site) => ({
  '@type': 'GovernmentOrganization',
  name: site.name,
  url: absoluteUrl(site.url, '/'),
})

/** A year's budget as a Dataset, with its CSV as the download. */
export function budgetLd(
  site: Site,
  budget: { year: number; regulation_number: string; updated_at: string | Date },
): JsonLd {
  return {
    '@type': 'Dataset',
    name: `APBDes ${site.name} ${budget.year}`,
    description:
      `Anggaran Pendapatan dan Belanja ${site.name} tahun ${budget.year}: pendapatan, belanja dan pembiayaan, ` +
      `anggaran dan realisasinya.`,
    url: absoluteUrl(site.url, `/apbdes/${budget.year}`),
    inLanguage: 'id',
    temporalCoverage: String(budget.year),
    dateModified: new Date(budget.updated_at).toISOString(),
    isAccessibleForFree: true,
    creator: village(site),
    ...(budget.regulation_number ? { identifier: budget.regulation_number } : {}),
    distribution: [
      {
        '@type': 'DataDownload',
        encodingFormat: 'text/csv',
        contentUrl: absoluteUrl(site.url, `/apbdes/${budget.year}.csv`),
      },
    ],
  }
}

/** A development project, with its place (and coordinates where known). */
export function developmentLd(
  site: Site,
  project: {
    title: string
    slug: string
    description: string
    location: string
    latitude: number | null
    longitude: number | null
    image: string | null
  },
): JsonLd {
  const image = uploadUrl('developments', project.image)
  return {
    '@type': 'Project',
    name: project.title,
    description: describe(project.description, project.title),
    url: absoluteUrl(site.url, `/pembangunan/${project.slug}`),
    ...(image ? { image: absoluteUrl(site.url, image) } : {}),
    ...(project.location
      ? {
          location: {
            '@type': 'Place',
            name: project.location,
            ...(project.latitude !== null && project.longitude !== null
              ? { geo: { '@type': 'GeoCoordinates', latitude: project.latitude, longitude: project.longitude } }
              : {}),
          },
        }
      : {}),
    funder: village(site),
  }
}
