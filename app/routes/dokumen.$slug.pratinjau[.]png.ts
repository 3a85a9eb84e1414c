import type { LoaderFunctionArgs } from '@remix-run/node'
import { documentFileResponse } from '~/doors/public-information.server'

/** GET /dokumen/{slug}/pratinjau.png: the first page of a document's PDF as a picture, as visible as the PDF. */
export const loader = (args: LoaderFunctionArgs) => documentFileResponse(args, true)
