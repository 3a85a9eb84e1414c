import { Link } from '@remix-run/react'
import { whatsappNumber } from '~/lib/format'
import { isGroup, SITE_NAVIGATION, type NavGroup, type NavLink } from '~/lib/site-navigation'
import { useSite } from '~/components/site/use-site'

/** The menu's plain links, and its groups (each under its own heading). */
const FOOTER_LINKS = SITE_NAVIGATION.filter((entry): entry is NavLink => !isGroup(entry))
const FOOTER_GROUPS = SITE_NAVIGATION.filter(isGroup) as NavGroup[]

/** A list of the menu's links, underlined on hover. */
function FooterLinks({ links, className }: { links: readonly NavLink[]; className: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className="quiet-link">
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** The village's own pages elsewhere, from the site settings: only those that are set are shown. */
function SocialLinks() {
  const site = useSite()
  const links = [
    { label: 'WhatsApp', href: site.whatsapp ? `https://wa.me/${whatsappNumber(site.whatsapp)}` : '' },
    { label: 'Facebook', href: site.facebook },
    { label: 'Instagram', href: site.instagram },
    { label: 'YouTube', href: site.youtube },
  ].filter((link) => link.href)
  if (!links.length) return null
  return (
    <ul aria-label="Media sosial" className="flex flex-wrap gap-2 pt-1">
      {links.map((link) => (
        <li key={link.label}>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            className={
              'inline-block rounded-lg border border-emerald-600 px-3 py-1.5 text-xs font-semibold ' +
              'hover:bg-emerald-800'
            }
          >
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  )
}

export function SiteFooter() {
  const site = useSite()
  const year = new Date().getFullYear()
  return (
    <footer className="mt-16 bg-emerald-900 text-emerald-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="text-lg font-semibold text-white">
            Kontak {site.name}
          </h2>
          <address className="mt-4 space-y-3 text-sm not-italic text-emerald-100">
            {site.address ? <p>{site.address}</p> : null}
            {site.phone ? (
              <p>
                Telepon:{' '}
                <a href={`tel:${site.phone.replace(/[^\d+]/g, '')}`} className="quiet-link">
                  {site.phone}
                </a>
              </p>
            ) : null}
            {site.email ? (
              <p>
                Email:{' '}
                <a href={`mailto:${site.email}`} className="quiet-link">
                  {site.email}
                </a>
              </p>
            ) : null}
            {site.mapUrl ? (
              <p>
                <a
                  href={site.mapUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="underline underline-offset-2"
                >
                  Lihat di peta
                </a>
              </p>
            ) : null}
          </address>
          <SocialLinks />
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="text-lg font-semibold text-white">
            Jelajahi
          </h2>
          <FooterLinks links={FOOTER_LINKS} className="mt-4 grid grid-cols-2 gap-2 text-sm text-emerald-100" />
        </nav>
        <nav aria-label="Informasi desa" className="space-y-5">
          {FOOTER_GROUPS.map((group) => (
            <section key={group.id} aria-labelledby={`footer-${group.id}`}>
              <h2 id={`footer-${group.id}`} className="text-lg font-semibold text-white">
                {group.label}
              </h2>
              <FooterLinks links={group.items} className="mt-2 space-y-1.5 text-sm text-emerald-100" />
            </section>
          ))}
        </nav>
        <section aria-labelledby="footer-app">
          <h2 id="footer-app" className="text-lg font-semibold text-white">
            Aplikasi Mobile
          </h2>
          <p className="mt-4 text-sm text-emerald-100">
            Ikuti berita, layanan, dan produk {site.name} dari ponsel Anda. Aplikasi mobile desa segera hadir di Google
            Play dan App Store.
          </p>
          <ul className="mt-4 flex flex-wrap gap-3 text-xs font-semibold">
            <li className="rounded-lg border border-emerald-600 px-3 py-2">Google Play · Segera Hadir</li>
            <li className="rounded-lg border border-emerald-600 px-3 py-2">App Store · Segera Hadir</li>
          </ul>
        </section>
      </div>
      <div className="border-t border-emerald-800">
        <div
          className={
            'mx-auto flex max-w-7xl flex-col gap-3 px-4 py-5 text-sm text-emerald-200 md:flex-row md:items-center ' +
            'md:justify-between'
          }
        >
          <p>
            © {year} {site.name}. Hak cipta dilindungi.
          </p>
          <ul className="flex gap-4">
            <li>
              <Link to="/privacy" className="quiet-link">
                Kebijakan Privasi
              </Link>
            </li>
            <li>
              <Link to="/terms" className="quiet-link">
                Syarat dan Ketentuan
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  )
}
