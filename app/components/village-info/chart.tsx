import { useId } from 'react'

/**
 * Charts drawn on the server as SVG (no script, nothing from another site): horizontal grouped bars, and a pie for one
 * series whose rows are parts of a whole. Each is an image with its title as its name (`role="img"`,
 * `aria-labelledby`), as wide as its container, and prints legibly in black and white: every series after the first
 * has its own pattern besides its colour. A chart is never the only carrier of a figure: every page that draws one
 * shows the same numbers in a table.
 */

export type ChartRow = { label: string; values: number[] }

/** Colours (dark enough for white text and for a light background) and, for print, a pattern per series. */
const COLOURS = ['#047857', '#b45309', '#0369a1', '#be123c', '#6d28d9', '#475569']
const PATTERNS = ['', 'M0 8 L8 0', 'M2 2 h1 v1 h-1 z M6 6 h1 v1 h-1 z', 'M0 8 L8 0 M0 0 L8 8', 'M0 4 H8', 'M4 0 V8']

const LINE = 18
const BAR = 14
const GAP = 4
const ROW_GAP = 14
/** Characters per label line: a phone's width at the label's size. */
const LABEL_WIDTH = 40

/** A label in lines of at most LABEL_WIDTH characters, cut between words. */
function labelLines(label: string): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of label.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > LABEL_WIDTH) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  return line ? [...lines, line] : lines.length ? lines : ['']
}

/** Where each row starts (its label's lines, then one bar per series), and the drawing's height. */
function layout(rows: ChartRow[], seriesCount: number) {
  const drawn: { row: ChartRow; lines: string[]; top: number }[] = []
  let y = 0
  for (const row of rows) {
    const lines = labelLines(row.label)
    drawn.push({ row, lines, top: y })
    y += lines.length * LINE + seriesCount * (BAR + GAP) + ROW_GAP
  }
  return { drawn, height: Math.max(y - ROW_GAP, 1) }
}

/**
 * Horizontal grouped bars: for each row its label, then one bar per series, as long as its value against the largest
 * value of the chart. The drawing is as wide as its container (the bars' lengths are shares of it; the text keeps its
 * size, so it stays legible on a phone); the legend names the series, and the largest value (`format`) gives the
 * scale.
 */
export function BarChart(props: {
  title: string
  series: string[]
  rows: ChartRow[]
  format: (value: number) => string
}): JSX.Element {
  const { title, series, rows, format } = props
  // An id usable inside `url(#...)` (React's have colons).
  const id = `chart${useId().replace(/[^a-zA-Z0-9]/g, '')}`
  const largest = Math.max(0, ...rows.flatMap((row) => row.values))
  const share = (value: number) => (largest > 0 ? Math.max(0, Math.min(100, (value / largest) * 100)) : 0)
  const { drawn, height } = layout(rows, series.length)
  const fill = (index: number) => (index === 0 ? COLOURS[0] : `url(#${id}-series-${index})`)
  return (
    <figure className="chart">
      <svg
        role="img"
        aria-labelledby={`${id}-title`}
        width="100%"
        height={height}
        className="block overflow-visible"
        xmlns="http://www.w3.org/2000/svg"
      >
        <title id={`${id}-title`}>{title}</title>
        <defs>
          {series.slice(1).map((_, at) => (
            <pattern
              key={at}
              id={`${id}-series-${at + 1}`}
              width="6"
              height="6"
              patternUnits="userSpaceOnUse"
              patternTransform="rotate(45)"
            >
              <rect width="6" height="6" fill={COLOURS[(at + 1) % COLOURS.length]} />
              <line x1="0" y1="0" x2="0" y2="6" stroke="#1f2937" strokeWidth="2" strokeOpacity="0.45" />
            </pattern>
          ))}
        </defs>
        {drawn.map(({ row, lines, top }, rowIndex) => (
          <g key={rowIndex}>
            <text x="0" y={top + 13} fontSize="13" fill="#1f2937">
              {lines.map((text, at) => (
                <tspan key={at} x="0" dy={at === 0 ? 0 : LINE}>
                  {text}
                </tspan>
              ))}
            </text>
            {row.values.map((value, at) => {
              const barTop = top + lines.length * LINE + at * (BAR + GAP)
              // The track, then the bar over it; the figures themselves are in the page's table.
              return [
                <rect key={`t${at}`} x="0" y={barTop} width="100%" height={BAR} fill="#f3f4f6" />,
                <rect
                  key={`b${at}`}
                  x="0"
                  y={barTop}
                  width={`${share(value)}%`}
                  height={BAR}
                  fill={fill(at)}
                  stroke="#1f2937"
                  strokeWidth="0.5"
                />,
              ]
            })}
          </g>
        ))}
      </svg>
      <figcaption className="mt-3 space-y-1">
        <span className="sr-only">{title}. </span>
        <p className="text-xs text-gray-500">{`Skala: batang terpanjang ${format(largest)}`}</p>
        <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-gray-700">
          {series.map((name, at) => (
            <li key={name} className="flex items-center gap-2">
              <svg aria-hidden="true" width="16" height="12" className="shrink-0">
                <rect width="16" height="12" fill={fill(at)} stroke="#1f2937" strokeWidth="0.5" />
              </svg>
              {name}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  )
}

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
      ? new Intl.NumberFormat('id-ID', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
          (value / total) * 100,
        ) + '%'
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
                d={
                  `M${centre.x} ${centre.y} L${point(start)} ` +
                  `A${radius} ${radius} 0 ${share > 0.5 ? 1 : 0} 1 ${point(angle)} Z`
                }
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
