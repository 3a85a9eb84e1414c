import { Writable } from 'node:stream'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { FIELD_REDACTION, redactSecrets, SECRET_PATTERNS } from '../../core/log.mjs'

// What no log line may hold (core/log.mjs, docs/decisions/058-secrets-out-of-logs.md). The server's own lines are
// checked end to end in tests/api/citizen-reports.test.ts ("logs no secret"); here every pattern, one case each.

const TOKEN = 'AbC_-1234567890abcdefghijklmnopqrstuvwxyzAB'

describe('redactSecrets', () => {
  it.each([
    [`/pratinjau/${TOKEN}`, '/pratinjau/[redacted]'],
    [`/pratinjau/${TOKEN}.data`, '/pratinjau/[redacted]'],
    [`/reset-password/${TOKEN}`, '/reset-password/[redacted]'],
    [`/__manifest?p=%2Fpratinjau%2F${TOKEN}&version=1`, '/__manifest?p=%2Fpratinjau%2F[redacted]'],
    [`/Reset-Password/${TOKEN}.data?_data=x`, '/Reset-Password/[redacted]?_data=x'],
    // The router decodes a path and ignores case before matching: these open the link as well (decision 065).
    [`/pr%61tinjau/${TOKEN}`, '/pr%61tinjau/[redacted]'],
    [`/PR%41TINJAU/${TOKEN}`, '/PR%41TINJAU/[redacted]'],
    [`/reset-p%61ssword/${TOKEN}`, '/reset-p%61ssword/[redacted]'],
    // A new village's admin_reset_url (regency hosting) is a reset link on the village's host.
    [`https://mekarsari.kab.test/reset-password/${TOKEN}`, 'https://mekarsari.kab.test/reset-password/[redacted]'],
    ['/api/public/reports/PGD-2026-0001?code=K7Q2M9XPLR', '/api/public/reports/PGD-2026-0001?code=[redacted]'],
    ['/verifikasi/K7Q2M9XPLR', '/verifikasi/[redacted]'],
    ['/Verifikasi/K7Q2M9XPLR.data', '/Verifikasi/[redacted]'],
    ['/api/public/letters/verify/K7Q2M9XPLR', '/api/public/letters/verify/[redacted]'],
    ['/layanan/surat/SRT-2026-0001/unduh?code=K7Q2M9XPLR', '/layanan/surat/SRT-2026-0001/unduh?code=[redacted]'],
    ['/layanan/lacak?tiket=PGD-2026-0001&kode=K7Q2M9XPLR', '/layanan/lacak?tiket=PGD-2026-0001&kode=[redacted]'],
    ['/api/admin/users?token=abc.def&page=2', '/api/admin/users?token=[redacted]&page=2'],
    ["Can't send mail - all recipients were rejected: 550 <warga.desa+1@mail.example.id>", '[email]'],
    ['telepon 0812-3456-7890.', 'telepon [phone].'],
    ['+62 812 3456 7890', '[phone]'],
    ['"081234567890"', '"[phone]"'],
    ['at line\\n081234567890', 'at line\\n[phone]'],
    // A NIK (a letter request's), whether alone, in a JSON value or after an escape.
    ['NIK 3201015508903456 ditolak', 'NIK [nik] ditolak'],
    ['"nik":"6201011508903456"', '"nik":"[nik]"'],
    ['at line\\n3201015508903456', 'at line\\n[nik]'],
  ])('%s', (text, redacted) => {
    const out = redactSecrets(text)
    expect(out).toContain(redacted)
    expect(out).not.toMatch(/K7Q2M9XPLR|abc\.def|warga\.desa|3456|AbC_-/)
  })

  it('leaves what is no secret as it was (request ids, times, stack positions, counts)', () => {
    for (const text of [
      '08123456-1234-4abc-8def-0123456789ab',
      '2026-01-02T03:04:05.000Z',
      'at file:///srv/build/server/index.js:08123456789:12',
      '/api/public/posts?search=jalan&page=2',
      '/pratinjau',
      'took 1234567890123 ns',
    ])
      expect(redactSecrets(text)).toBe(text)
  })

  it('never breaks the JSON of a line', () => {
    const line = JSON.stringify({ path: `/pratinjau/${TOKEN}`, msg: 'a "0812-3456-7890"\n\\n warga@desa.test\t"' })
    expect(() => JSON.parse(redactSecrets(line))).not.toThrow()
    for (const { pattern } of SECRET_PATTERNS) expect(pattern.flags).toContain('g')
  })
})

describe('the fields of a line', () => {
  it('are replaced when they name personal data or a secret, at the top and one level down', () => {
    let written = ''
    const out = new Writable({ write: (chunk, _encoding, done) => ((written += chunk), done()) })
    const logger = pino({ redact: FIELD_REDACTION }, out)
    logger.info({ phone: '(022) telepon', err: { email: 'surel tanpa at' }, tracking_code: 'KODE-RAHASIA' })
    expect(JSON.parse(written)).toMatchObject({
      phone: '[redacted]',
      err: { email: '[redacted]' },
      tracking_code: '[redacted]',
    })
  })
})
