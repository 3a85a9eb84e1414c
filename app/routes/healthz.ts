import { prisma } from '~/utils/db.server'

/** GET /healthz: 200 when the database answers (the Dockerfile's health check), 503 otherwise. */
export async function loader() {
  try {
    await prisma.$queryRawUnsafe('SELECT 1')
    return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } })
  } catch {
    return Response.json({ status: 'unavailable' }, { status: 503, headers: { 'Cache-Control': 'no-store' } })
  }
}
