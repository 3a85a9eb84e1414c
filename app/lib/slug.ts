/**
 * The contract's slug: lower case; characters outside `a-z 0-9 space -` dropped; spaces to `-`;
 * repeated `-` collapsed; trimmed of `-`. Accented Latin letters lose their accent first (é -> e),
 * so "Kegiatan Café" keeps its word.
 */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .trim()
    .replace(/ +/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** `base`, or `base-2`, `base-3`, ... : the first that `taken` does not hold. Empty titles get `item`. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>, fallback = 'item'): string {
  const root = base || fallback
  if (!taken.has(root)) return root
  for (let n = 2; ; n++) {
    const candidate = `${root}-${n}`
    if (!taken.has(candidate)) return candidate
  }
}
