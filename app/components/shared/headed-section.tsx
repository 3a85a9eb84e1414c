/** The headings' looks: `lg` (a screen's part), `xl` (a public page's part), `plain` (a small box's). */
const HEADINGS = {
  lg: 'text-lg font-semibold text-gray-900',
  xl: 'text-xl font-bold text-gray-900',
  plain: 'font-semibold text-gray-900',
}

/** A section named by its own heading: `<section aria-labelledby={id}><h2 id={id}>{title}</h2>{children}</section>`. */
export function HeadedSection({
  id,
  title,
  className,
  heading = 'lg',
  spaced = false,
  children,
}: {
  id: string
  title: React.ReactNode
  className?: string
  heading?: keyof typeof HEADINGS
  /** The heading stands 1rem above what follows (`mb-4`). */
  spaced?: boolean
  children: React.ReactNode
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={spaced ? `mb-4 ${HEADINGS[heading]}` : HEADINGS[heading]}>
        {title}
      </h2>
      {children}
    </section>
  )
}
