import { Fragment } from 'react'
import type { FieldRow, Reference, ReferenceCall } from '~/lib/api-reference'
import { ColumnHeads } from '~/components/shared/list-table'

/** The document's descriptions use `code` and **bold**; nothing else is interpreted (and nothing is raw HTML). */
function Text({ text }: { text: string }) {
  return (
    <>
      {text.split(/(`[^`]*`|\*\*[^*]+\*\*)/).map((part, index) =>
        part.startsWith('`') && part.endsWith('`') && part.length > 1 ? (
          <code key={index} className="rounded bg-gray-100 px-1 text-[0.9em] text-gray-800">
            {part.slice(1, -1)}
          </code>
        ) : part.startsWith('**') ? (
          <strong key={index}>{part.slice(2, -2)}</strong>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  )
}

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\n+/)
        .filter(Boolean)
        .map((paragraph, index) => (
          <p key={index} className="mt-2 text-sm leading-relaxed text-gray-700">
            <Text text={paragraph} />
          </p>
        ))}
    </>
  )
}

const METHOD_COLOURS: Record<string, string> = {
  GET: 'bg-sky-100 text-sky-900',
  POST: 'bg-emerald-100 text-emerald-900',
  PUT: 'bg-amber-100 text-amber-900',
  DELETE: 'bg-red-100 text-red-900',
}

/** A captioned table of the reference: a header row, then one row per entry. */
function Table({
  caption,
  headers,
  rows,
}: {
  caption: string
  headers: string[]
  rows: { key: string; cells: React.ReactNode[] }[]
}) {
  if (!rows.length) return null
  return (
    <table className="mt-3 w-full border-collapse text-left text-sm">
      <caption className="mb-1 text-left font-semibold text-gray-800">{caption}</caption>
      <thead>
        <tr className="border-b border-gray-300 text-gray-600">
          <ColumnHeads headers={headers} className="py-1 pr-3 font-medium" />
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-gray-100 align-top">
            {row.cells.map((cell, index) => (
              <td
                key={index}
                className={
                  `py-1 pr-3 ` +
                  (index === 0 ? 'font-mono text-gray-900' : index === 1 ? 'font-mono text-gray-700' : 'text-gray-700')
                }
              >
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function Fields({ caption, rows }: { caption: string; rows: FieldRow[] }) {
  return (
    <Table
      caption={caption}
      headers={['Field', 'Type', 'Notes']}
      rows={rows.map((row) => ({
        key: row.name,
        cells: [
          <>
            {row.name}
            {row.required ? <span className="text-red-700"> (required)</span> : null}
          </>,
          row.type,
          <Text key="notes" text={row.notes} />,
        ],
      }))}
    />
  )
}

function Call({ call }: { call: ReferenceCall }) {
  return (
    <section
      id={call.id}
      aria-labelledby={`${call.id}-title`}
      className="mt-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
    >
      <h3 id={`${call.id}-title`} className="flex flex-wrap items-baseline gap-2 text-base font-semibold">
        <span className={`rounded px-2 py-0.5 font-mono text-xs ${METHOD_COLOURS[call.method] ?? 'bg-gray-100'}`}>
          {call.method}
        </span>
        <span className="font-mono text-gray-900">{call.path}</span>
        <span className="font-normal text-gray-700">{call.summary}</span>
      </h3>
      <Paragraphs text={call.description} />
      <Fields caption="Parameters" rows={call.parameters} />
      {call.bodies.map((body) => (
        <Fields key={body.type} caption={`Body (${body.type})`} rows={body.fields} />
      ))}
      <Table
        caption="Answers"
        headers={['Status', 'Body', 'When']}
        rows={call.answers.map((answer) => ({
          key: answer.status,
          cells: [answer.status, answer.data, <Text key="when" text={answer.description} />],
        }))}
      />
    </section>
  )
}

/** The readable reference of the OpenAPI document (`/api/docs`). */
export function ApiReference({ reference }: { reference: Reference }) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <header>
        <h1 className="text-2xl font-bold text-gray-900">{reference.title}</h1>
        <p className="mt-1 text-sm text-gray-600">
          Version {reference.version}. The same document as JSON:{' '}
          <a className="text-emerald-800 underline" href="/api/openapi.json">
            /api/openapi.json
          </a>{' '}
          (OpenAPI 3.1).
        </p>
        <Paragraphs text={reference.description} />
      </header>
      <nav aria-label="Contents" className="mt-6 rounded-lg border border-gray-200 bg-white p-4 text-sm">
        <h2 className="font-semibold text-gray-900">Contents</h2>
        <ul className="mt-2 columns-1 gap-6 sm:columns-2">
          {reference.tags.map((tag) => (
            <li key={tag.name}>
              <a className="text-emerald-800 underline" href={`#${tag.name.replace(/\s+/g, '-')}`}>
                {tag.name}
              </a>{' '}
              <span className="text-gray-600">({tag.calls.length})</span>
            </li>
          ))}
          <li>
            <a className="text-emerald-800 underline" href="#schemas">
              Schemas
            </a>
          </li>
        </ul>
      </nav>
      <main>
        {reference.tags.map((tag) => (
          <section
            key={tag.name}
            id={tag.name.replace(/\s+/g, '-')}
            aria-labelledby={`${tag.name.replace(/\s+/g, '-')}-title`}
            className="mt-8"
          >
            <h2 id={`${tag.name.replace(/\s+/g, '-')}-title`} className="text-xl font-bold text-gray-900">
              {tag.name}
            </h2>
            {tag.calls.map((call) => (
              <Call key={call.id} call={call} />
            ))}
          </section>
        ))}
        <section id="schemas" aria-labelledby="schemas-title" className="mt-8">
          <h2 id="schemas-title" className="text-xl font-bold text-gray-900">
            Schemas
          </h2>
          {reference.schemas.map((schema) => (
            <section
              key={schema.name}
              id={`schema-${schema.name}`}
              aria-labelledby={`schema-${schema.name}-title`}
              className="mt-4 rounded-lg border border-gray-200 bg-white p-4"
            >
              <h3 id={`schema-${schema.name}-title`} className="font-mono text-base font-semibold text-gray-900">
                {schema.name}
              </h3>
              <Paragraphs text={schema.description} />
              <Fields caption="Fields" rows={schema.fields} />
            </section>
          ))}
        </section>
      </main>
    </div>
  )
}
