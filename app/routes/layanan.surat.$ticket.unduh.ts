import { letterDownload } from '~/doors/citizen-services/letter-checks.server'

/** GET /layanan/surat/{ticket}/unduh?code=: the issued letter's PDF for the holder of the request's code. */
export const loader = letterDownload
