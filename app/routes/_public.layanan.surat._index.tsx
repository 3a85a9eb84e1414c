import type { MetaFunction } from '@remix-run/node'
import { LetterTypesScreen } from '~/components/citizen-services/letter-request-screens'
import { letterTypesScreenLoader } from '~/doors/citizen-services/letter-screens.server'
import { noQuery } from '~/lib/cache-keys'
import { routeSeo } from '~/lib/seo'

/** /layanan/surat: the active letter types (the same for everyone: cached). */
export const loader = () => letterTypesScreenLoader()

export const handle = { cacheKey: noQuery }

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (_data, site) => ({
    title: 'Layanan Surat',
    description: `Ajukan surat keterangan kepada ${site.name} secara daring dan unduh suratnya setelah terbit.`,
  }))

export default LetterTypesScreen
