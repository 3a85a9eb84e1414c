import type { ReactNode } from 'react'

/** One entry of a description list: its term and its value, grouped in a `<div>` (the list lays the pairs out). */
export function Fact({
  label,
  termClass,
  valueClass,
  children,
}: {
  label: string
  termClass?: string
  valueClass?: string
  children: ReactNode
}) {
  return (
    <div>
      <dt className={termClass}>{label}</dt>
      <dd className={valueClass}>{children}</dd>
    </div>
  )
}
