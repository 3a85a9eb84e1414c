import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { LetterFormScreen } from '~/components/citizen-services/letter-request-screens'
import { letterFormAction, letterFormLoader } from '~/doors/citizen-services/letter-screens.server'
import { noQuery } from '~/lib/cache-keys'
import { routeSeo } from '~/lib/seo'

/** /layanan/surat/{slug}: a type's form (cached for everyone); what is sent is answered `no-store`. */
export const loader = (args: LoaderFunctionArgs) => letterFormLoader(args)

export const handle = { cacheKey: noQuery }

export const action = (args: ActionFunctionArgs) => letterFormAction(args)

export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has('Cache-Control') ? actionHeaders : loaderHeaders

export const meta: MetaFunction<typeof loader> = (args) =>
  routeSeo(args, (data, site) => ({
    title: data.type.name,
    description: data.type.description || `Ajukan ${data.type.name} kepada ${site.name}.`,
  }))

export default LetterFormScreen
