import { useId } from 'react'

/**
 * Charts drawn on the server as SVG (no script): horizontal grouped bars, and a pie for one series whose rows are
 * parts of a whole. Each is an image with its title as its name (`role="img"`, `aria-labelledby`), scales to the width
 * of its container, and prints legibly in black and white: every series has its own pattern besides its colour, and
 * every bar and slice carries its figure. The figures are always in a table next to the chart as well.
 */

export type ChartRow = { label: string; values: number[] }

/** Colours (dark enough for white text and for a light background) and, for print, a pattern per series. */
const COLOURS = ['#047857', '#b45309', '#0369a1', '#be123c', '#6d28d9', '#475569']
const PATTERNS = ['', 'M0 8 L8 0', 'M2 2 h1 v1 h-1 z M6 6 h1 v1 h-1 z', 'M0 8 L8 0 M0 0 L8 8', 'M0 4 H8', 'M4 0 V8']

/** Drawn for a phone's width (360 CSS px: its text at its size there); wider screens scale it up. */
const WIDTH = 360
const FONT = 12
const MAX_LABEL = 24

const shortLabel = (label: string) => (label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label)

/** The `<pattern>` of each series: its colour, and for print its own lines or dots. */
function Patterns({ prefix, count }: { prefix: string; count: number }) {
  return (
    <defs>
      {Array.from({ length: count }, (_, at) => (
        <pattern key={at} id={`${prefix}-${at}`} width="8" height="8" patternUnits="userSpaceOnUse">
          <rect width="8" height="8" fill={COLOURS[at % COLOURS.length]} />
          {PATTERNS[at % PATTERNS.length] ? (
            <path d={PATTERNS[at % PATTERNS.length]} stroke="#fff" strokeWidth="1.5" fill="#fff" />
          ) : null}
        </pattern>
      ))}
    </defs>
  )
}

const idOf = (id: string) => `chart${id.replace(/[^a-zA-Z0-9_-]/g, '')}`

export function BarChart(props: {
  title: string
  series: string[]
  rows: ChartRow[]
  format: (value: number) => string
}): JSX.Element {
  const id = idOf(useId())
  const { title, series, rows, format } = props
  const longest = Math.max(0, ...rows.map((row) => shortLabel(row.label).length))
  const labelWidth = Math.min(140, Math.max(40, longest * 6.2 + 10))
  const valueRoom = 70
  const barRoom = WIDTH - labelWidth - valueRoom
  const bar = 14
  const gap = 10
  const legendHeight = series.length > 1 ? Math.ceil(series.length / 2) * 20 + 8 : 0
  const group = series.length * bar + gap
  const height = legendHeight + rows.length * group + gap
  const max = Math.max(0, ...rows.flatMap((row) => row.values))
  const length = (value: number) => (max > 0 ? (Math.max(0, value) / max) * barRoom : 0)
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title`}
      viewBox={`0 0 ${WIDTH} ${height}`}
      width="100%"
      preserveAspectRatio="xMinYMin meet"
      className="h-auto w-full"
      fontFamily="system-ui, sans-serif"
      fontSize={FONT}
    >
      <title id={`${id}-title`}>{title}</title>
      <Patterns prefix={id} count={series.length} />
      {series.length > 1
        ? series.map((name, at) => (
            <g key={name + at} transform={`translate(${(at % 2) * 180}, ${Math.floor(at / 2) * 20 + 4})`}>
              <rect width="14" height="14" fill={`url(#${id}-${at})`} stroke="#111827" strokeWidth="0.5" />
              <text x="20" y="11" fill="#111827">
                {shortLabel(name)}
              </text>
            </g>
          ))
        : null}
      {rows.map((row, index) => {
        const top = legendHeight + index * group + gap / 2
        return (
          <g key={index} transform={`translate(0, ${top})`}>
            <text x={labelWidth - 8} y={(series.length * bar) / 2 + FONT / 2 - 2} textAnchor="end" fill="#111827">
              {shortLabel(row.label)}
            </text>
            {series.map((name, at) => {
              const value = row.values[at] ?? 0
              const width = length(value)
              return (
                <g key={at}>
                  <rect
                    x={labelWidth}
                    y={at * bar}
                    width={Math.max(width, value > 0 ? 1 : 0)}
                    height={bar - 2}
                    fill={`url(#${id}-${at})`}
                    stroke="#111827"
                    strokeWidth={value > 0 ? 0.5 : 0}
                  >
                    <title>{`${row.label}, ${name}: ${format(value)}`}</title>
                  </rect>
                  <text x={labelWidth + width + 4} y={at * bar + bar - 4} fill="#374151" fontSize={FONT - 1}>
                    {format(value)}
                  </text>
                </g>
              )
            })}
          </g>
        )
      })}
    </svg>
  )
}

export function PieChart(props: {
  title: string
  rows: { label: string; value: number }[]
  format: (value: number) => string
}): JSX.Element {
  const id = idOf(useId())
  const { title, rows, format } = props
  const total = rows.reduce((sum, row) => sum + Math.max(0, row.value), 0)
  const radius = 100
  const centre = { x: WIDTH / 2, y: 110 }
  // The legend under the pie, one row each.
  const legendTop = 2 * centre.y + 10
  const height = legendTop + rows.length * 22
  let angle = -Math.PI / 2
  const point = (a: number) => `${centre.x + radius * Math.cos(a)} ${centre.y + radius * Math.sin(a)}`
  const percent = (value: number) =>
    total > 0
      ? `${new Intl.NumberFormat('id-ID', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format((value / total) * 100)}%`
      : ''
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title`}
      viewBox={`0 0 ${WIDTH} ${height}`}
      width="100%"
      preserveAspectRatio="xMinYMin meet"
      className="h-auto w-full"
      fontFamily="system-ui, sans-serif"
      fontSize={FONT}
    >
      <title id={`${id}-title`}>{title}</title>
      <Patterns prefix={id} count={rows.length} />
      {total > 0
        ? rows.map((row, at) => {
            const share = Math.max(0, row.value) / total
            if (share === 0) return null
            const start = angle
            angle += share * 2 * Math.PI
            const fill = `url(#${id}-${at})`
            const label = `${row.label}: ${format(row.value)} (${percent(row.value)})`
            // A whole circle cannot be one arc.
            return share >= 0.9999 ? (
              <circle key={at} cx={centre.x} cy={centre.y} r={radius} fill={fill} stroke="#fff" strokeWidth="1">
                <title>{label}</title>
              </circle>
            ) : (
              <path
                key={at}
                d={`M${centre.x} ${centre.y} L${point(start)} A${radius} ${radius} 0 ${share > 0.5 ? 1 : 0} 1 ${point(angle)} Z`}
                fill={fill}
                stroke="#fff"
                strokeWidth="1"
              >
                <title>{label}</title>
              </path>
            )
          })
        : null}
      {rows.map((row, at) => (
        <g key={at} transform={`translate(10, ${legendTop + at * 22})`}>
          <rect width="14" height="14" fill={`url(#${id}-${at})`} stroke="#111827" strokeWidth="0.5" />
          <text x="20" y="11" fill="#111827">
            {`${shortLabel(row.label)}: ${format(row.value)}${total > 0 ? ` (${percent(row.value)})` : ''}`}
          </text>
        </g>
      ))}
    </svg>
  )
}
