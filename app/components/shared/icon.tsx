import type { ButtonHTMLAttributes, ReactNode } from 'react'

/** The line icons of the public screens: one path each on a 24×24 grid, drawn in the text colour. */
const PATHS = {
  close: 'M6 6l12 12M18 6 6 18',
  previous: 'M15 18 9 12l6-6',
  next: 'm9 18 6-6-6-6',
  down: 'M6 9l6 6 6-6',
  menu: 'M4 6h16M4 12h16M4 18h16',
  announcement: 'M3 10v4h3l6 4V6L6 10zM16 8a5 5 0 0 1 0 8',
  download: 'M12 4v12m0 0-5-5m5 5 5-5M5 20h14',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4',
} as const

export type IconName = keyof typeof PATHS

/** A decorative icon (hidden from screen readers: the control around it carries the words). */
export function Icon({ name, className = 'h-6 w-6' }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2">
      <path d={PATHS[name]} />
    </svg>
  )
}

/** A button showing an icon alone; its words are for screen readers. */
export function IconButton({
  icon,
  label,
  iconClassName,
  ...props
}: { icon: IconName; label: ReactNode; iconClassName?: string } & Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'type' | 'children'
>) {
  return (
    <button type="button" {...props}>
      <span className="sr-only">{label}</span>
      <Icon name={icon} className={iconClassName} />
    </button>
  )
}
