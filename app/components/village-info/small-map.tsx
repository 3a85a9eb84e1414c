import type { SmallMapData } from '~/lib/map-types'

/**
 * The small map of a project's, product's or event's page: the village's boundary and the item's point, drawn by the
 * server (no script, no tiles), with links to the village map and to OpenStreetMap.
 */
export function SmallMap({ map, label }: { map: SmallMapData; label: string }) {
  return (
    <figure className="mt-6" data-testid="peta-kecil">
      <svg
        viewBox={`0 0 ${map.width} ${map.height}`}
        role="img"
        aria-label={`Lokasi ${label} di peta desa`}
        className="h-auto max-h-72 w-full rounded-lg border border-gray-200 bg-stone-50"
      >
        {map.outline.map((d, i) => (
          <path
            key={i}
            d={d}
            fill="#b91c1c"
            fillOpacity={0.06}
            stroke="#b91c1c"
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
          />
        ))}
        <circle cx={map.point.cx} cy={map.point.cy} r={map.width / 50} fill="#c2410c" stroke="#fff" strokeWidth={3} />
      </svg>
      <figcaption className="mt-2 text-sm text-gray-600">
        {map.latitude}, {map.longitude} ·{' '}
        <a className="text-emerald-800 underline" href="/peta">
          Peta Desa
        </a>{' '}
        ·{' '}
        <a
          className="text-emerald-800 underline"
          href={`https://www.openstreetmap.org/?mlat=${map.latitude}&mlon=${map.longitude}`}
          rel="noopener"
        >
          OpenStreetMap
        </a>
      </figcaption>
    </figure>
  )
}
