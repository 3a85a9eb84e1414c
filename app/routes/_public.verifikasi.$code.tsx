import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { VerifiedLetterScreen } from '~/components/citizen-services/letter-verification-screens'
import { verificationPageLoader } from '~/doors/citizen-services/letter-checks.server'
import { routeSeo } from '~/lib/seo'

/**
 * /verifikasi/{code}: whether the letter of the code is genuine and stands. No cache key: the answer names a person
 * and is never shared by the response cache (nor kept by a browser's or a proxy's: `private, no-store`).
 */
export const loader = (args: LoaderFunctionArgs) => verificationPageLoader(args)

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo({ ...args, data: args.data ?? { letter: null, error: null } }, () => ({
    title: 'Verifikasi Surat',
    description: 'Hasil pemeriksaan keaslian surat desa.',
    noindex: true,
  }))

export default VerifiedLetterScreen
