import { HttpError, notFoundResponse } from '~/server/http.server'

/**
 * Runs a model lookup for a screen: the model's 404 becomes a 404 response, which the public layout's
 * error boundary shows as the not-found screen (with that status).
 */
export async function foundOr404<T>(lookup: () => Promise<T>): Promise<T> {
  try {
    return await lookup()
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw notFoundResponse()
    throw error
  }
}
