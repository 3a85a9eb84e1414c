/**
 * The words of stored choices (kinds, statuses, categories) as the site names them. Pure: the server and the screens
 * read them alike.
 */

/** `peraturan_kepala_desa` → `Peraturan Kepala Desa`. */
const inWords = (value: string) =>
  value
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')

/** The name of each of `values`, in their order: the value in words. */
export const choiceLabels = <V extends string>(values: readonly V[]) =>
  Object.fromEntries(values.map((value) => [value, inWords(value)])) as Record<V, string>

/** The name of a stored value, or the value itself as text (an unknown one; none: empty). */
export const labelOf = <K extends string>(labels: Record<K, string>, value: unknown) =>
  typeof value === 'string' && Object.hasOwn(labels, value) ? labels[value as K] : String(value ?? '')
