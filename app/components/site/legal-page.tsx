import { formatDate } from '~/lib/format'

export type LegalSection = { heading: string; paragraphs: string[] }

/** A static information page (privacy policy, terms of use). */
export function LegalPage({
  title,
  intro,
  sections,
  updated,
}: {
  title: string
  intro: string
  sections: LegalSection[]
  updated: string
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-gray-900 md:text-4xl">{title}</h1>
      <p className="mt-2 text-sm text-gray-500">Terakhir diperbarui {formatDate(updated)}</p>
      <p className="mt-6 text-gray-700">{intro}</p>
      <div className="rich-text mt-4 text-gray-800">
        {sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
      </div>
    </article>
  )
}
