/** An announcement's state (`Berlangsung`, `Berakhir`...) as a badge, amber while it runs; `className` sizes it. */
export function AnnouncementState({ state, className }: { state: string; className: string }) {
  const tone = state === 'Berlangsung' ? 'bg-amber-100 text-amber-900' : 'bg-gray-100 text-gray-700'
  return <span className={`rounded-full ${className} py-0.5 font-semibold ${tone}`}>{state}</span>
}
