import type { ActionFunctionArgs, HeadersFunction, MetaFunction } from '@remix-run/node'
import { VerificationScreen } from '~/components/citizen-services/letter-verification-screens'
import { verificationFormAction } from '~/doors/citizen-services/letter-checks.server'
import { noQuery } from '~/lib/cache-keys'
import { routeSeo } from '~/lib/seo'

/** /verifikasi: the form (cached for everyone: it holds nothing of anyone); its answers are never cached. */
export const loader = () => null

export const handle = { cacheKey: noQuery }

export const action = (args: ActionFunctionArgs) => verificationFormAction(args)

export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has('Cache-Control') ? actionHeaders : loaderHeaders

export const meta: MetaFunction = (args) =>
  routeSeo({ ...args, data: args.data ?? {} }, (_data, site) => ({
    title: 'Verifikasi Surat',
    description: `Periksa keaslian surat yang diterbitkan ${site.name} dengan kode verifikasi atau berkas PDF-nya.`,
    path: '/verifikasi',
  }))

export default VerificationScreen
