import { KeberatanScreen } from '~/components/village-info/ppid-screens'
import { keberatanAction, keberatanLoader } from '~/doors/citizen-services/objections.server'
import { pageMeta } from '~/lib/seo'
import { onlyQuery } from '~/lib/cache-keys'

/** /ppid/keberatan: the objection form (UU 14/2008 Pasal 35), `?tiket=` the request objected to. */
export const loader = keberatanLoader

export const handle = { cacheKey: onlyQuery('tiket') }

export const action = keberatanAction

export const meta = pageMeta('Pengajuan Keberatan', '/ppid/keberatan', 'Ajukan keberatan atas layanan informasi publik')

export default KeberatanScreen
