import type { LoaderFunctionArgs } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { notFoundResponse } from '~/utils/http.server'

/**
 * Areas with their own "not found" answers (a build file an old page still asks for among them): an unknown path there
 * is a 404, not a trip to the home page.
 */
const OWN_NOT_FOUND = ['/api', '/admin', '/uploads', '/assets']

/**
 * Any other unknown path goes to the home page. An address that is not valid percent-encoding
 * (`/posts/%ff%fe`) arrives here flagged by the server (server.mjs): the 400 screen.
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  if (context.badAddress === true) throw data(null, { status: 400, statusText: 'Bad Request' })
  const { pathname } = new URL(request.url)
  if (OWN_NOT_FOUND.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) {
    throw notFoundResponse()
  }
  return redirect('/')
}

// Never rendered: the loader always redirects or fails (the root error boundary shows the 404).
export default function UnknownPath() {
  return null
}
