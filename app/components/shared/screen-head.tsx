/** An admin screen's head: its h1 and intro, and beside them its `actions` (aligned to their `align` edge). */
export function ScreenHead({
  title,
  intro,
  align = 'center',
  children,
}: {
  title: string
  intro: React.ReactNode
  align?: 'center' | 'end'
  /** The actions beside the title (links, a filter form). */
  children?: React.ReactNode
}) {
  return (
    <div className={`flex flex-wrap ${align === 'end' ? 'items-end' : 'items-center'} justify-between gap-3`}>
      <div>
        <h1 className="text-xl font-semibold text-gray-900">{title}</h1>
        <p className="mt-1 text-sm text-gray-600">{intro}</p>
      </div>
      {children}
    </div>
  )
}
