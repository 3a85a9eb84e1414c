import type { DrawnLayer } from '~/lib/map-types'

/**
 * The village map drawn by the server (docs/decisions/080-village-map-drawing-and-import.md): every feature of every
 * layer as inline SVG, so the page shows the map without scripts, without tiles and on paper. Names are text nodes
 * (`<title>`), never markup.
 */
export function MapDrawingSvg({
  layers,
  width,
  height,
  title,
}: {
  layers: DrawnLayer[]
  width: number
  height: number
  title: string
}) {
  const radius = Math.max(4, Math.round(width / 120))
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby="gambar-peta-judul"
      className="h-auto w-full rounded-lg border border-gray-200 bg-stone-50"
      data-testid="peta-svg"
    >
      <title id="gambar-peta-judul">{title}</title>
      {layers.map((layer) => (
        <g key={layer.slug} data-layer={layer.slug}>
          {layer.features.map((feature) =>
            'd' in feature.shape ? (
              <path
                key={feature.id}
                d={feature.shape.d}
                fill={layer.kind === 'area' ? layer.color : 'none'}
                fillOpacity={layer.kind === 'area' ? 0.12 : undefined}
                fillRule="evenodd"
                stroke={layer.color}
                strokeWidth={layer.kind === 'line' ? 3 : 2}
                vectorEffect="non-scaling-stroke"
              >
                <title>{feature.name}</title>
              </path>
            ) : (
              <circle
                key={feature.id}
                cx={feature.shape.cx}
                cy={feature.shape.cy}
                r={radius}
                fill={layer.color}
                stroke="#fff"
                strokeWidth={1.5}
              >
                <title>{feature.name}</title>
              </circle>
            ),
          )}
        </g>
      ))}
    </svg>
  )
}

/** The legend: each layer's colour and name (the same on the interactive map and under it). */
export function MapLegend({ layers }: { layers: Pick<DrawnLayer, 'slug' | 'name' | 'kind' | 'color' | 'count'>[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm text-gray-700" aria-label="Legenda">
      {layers.map((layer) => (
        <li key={layer.slug} className="flex items-center gap-2">
          <svg width="18" height="18" aria-hidden="true">
            {layer.kind === 'point' ? (
              <circle cx="9" cy="9" r="6" fill={layer.color} />
            ) : layer.kind === 'line' ? (
              <line x1="2" y1="9" x2="16" y2="9" stroke={layer.color} strokeWidth="3" />
            ) : (
              <rect
                x="2"
                y="2"
                width="14"
                height="14"
                fill={layer.color}
                fillOpacity="0.2"
                stroke={layer.color}
                strokeWidth="2"
              />
            )}
          </svg>
          <span>
            {layer.name} <span className="text-gray-500">({layer.count})</span>
          </span>
        </li>
      ))}
    </ul>
  )
}
