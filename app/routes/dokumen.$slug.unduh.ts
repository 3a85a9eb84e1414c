import type { LoaderFunctionArgs } from '@remix-run/node'
import { documentFileResponse } from '~/doors/public-information.server'

/** GET /dokumen/{slug}/unduh: the PDF of a document, its only public address (docs/api.md). */
export const loader = (args: LoaderFunctionArgs) => documentFileResponse(args)
