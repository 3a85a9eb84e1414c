const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

/**
 * Text made safe inside an XML element or attribute. Characters XML 1.0 forbids (control characters
 * other than tab and newlines) are dropped: one of them would make the whole feed unreadable.
 */
export function escapeXml(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[&<>"']/g, (char) => ENTITIES[char])
  )
}
