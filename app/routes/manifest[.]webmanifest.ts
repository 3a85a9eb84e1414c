import type { LoaderFunctionArgs } from '@remix-run/node'
import { siteIdentity } from '~/models/site-identity.server'

/** GET /manifest.webmanifest: installable as an app, named after the village (Pengaturan Situs). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { name, tagline } = await siteIdentity(request)
  const manifest = {
    name,
    short_name: name.length > 12 ? name.replace(/^Desa\s+/i, '').slice(0, 12) : name,
    description: tagline || `Situs resmi ${name}: berita, profil, aparatur, produk desa dan galeri.`,
    lang: 'id',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#047857',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  }
  return new Response(JSON.stringify(manifest), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
