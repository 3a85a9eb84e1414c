/** A browser's User-Agent in words for the list of logged-in devices: `Chrome di Windows`. */
export function describeDevice(userAgent: string): string {
  const ua = userAgent || ''
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /SamsungBrowser\//.test(ua)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|CriOS\/|Chromium\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua) && /Version\//.test(ua)
              ? 'Safari'
              : /^curl\//.test(ua)
                ? 'curl'
                : /okhttp|Dart\/|Dalvik/i.test(ua)
                  ? 'Aplikasi mobile'
                  : null
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null
  if (browser && system) return `${browser} di ${system}`
  return browser ?? system ?? (ua ? ua.slice(0, 60) : 'Perangkat tidak dikenal')
}
