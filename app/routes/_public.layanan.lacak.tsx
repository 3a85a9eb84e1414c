import { LacakScreen } from '~/components/citizen-services/layanan'
import { lacakAction, lacakLoader } from '~/doors/citizen-services/citizen-reports.server'
import { pageMeta } from '~/lib/seo'
import { onlyQuery } from '~/lib/cache-keys'

export const loader = lacakLoader

export const handle = { cacheKey: onlyQuery('tiket') }

export const action = lacakAction

export const meta = pageMeta('Lacak Laporan', '/layanan/lacak', 'Lihat status dan tanggapan laporan Anda kepada')

export default LacakScreen
