import type { BannerAnnouncement } from '~/components/content/announcement-banner'
import { isCurrent, isGroup, SITE_NAVIGATION } from '~/lib/site-navigation'

/**
 * The names of the public layout's spliced parts (app/components/site/spliced.tsx, decision 071): each says all a
 * part shows besides the village's data, so two pages with the same name get the same HTML.
 */

const MENU_LINKS = SITE_NAVIGATION.flatMap((entry) => (isGroup(entry) ? entry.items : [entry]))

/** The header: its menu marks the entries current at `pathname` (`aria-current`, their colour). */
export const headerPart = (pathname: string) =>
  `header:${MENU_LINKS.flatMap((link, index) => (isCurrent(link, pathname) ? [index] : [])).join('.')}`

/** The footer: the year of its copyright line. */
export const footerPart = () => `footer:${new Date().getFullYear()}`

/** 32-bit FNV-1a of a text, in hex. */
function hash(text: string) {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return (h >>> 0).toString(16)
}

/** The announcement banner: the announcements it shows (their keys change with every edit). */
export const bannerPart = (announcements: readonly BannerAnnouncement[]) =>
  announcements.length ? `banner:${announcements.length}:${hash(JSON.stringify(announcements))}` : 'banner:none'
